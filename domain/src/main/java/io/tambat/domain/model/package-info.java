/** What every capability's model shares: how far stored rows are counted. */
package io.tambat.domain.model;

/**
 * The payload object store port ({@link io.tambat.domain.port.out.inbox.PayloadObjectStorePort}) on any
 * S3-compatible store (AWS S3, MinIO, Ceph, Google Cloud Storage's interoperability API), through the AWS SDK for
 * Java v2 over the JDK's own HTTP client. The store only ever sees ciphertext: payloads arrive here sealed with
 * AES-GCM under the row's identity, and leave as they came.
 */
package io.tambat.adapter.out.objectstore;

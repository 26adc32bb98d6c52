package io.tambat.it.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProcessStatTest {

    /** A PostgreSQL postmaster's line, as Linux writes it: its children's time in cutime and cstime. */
    private static final String POSTMASTER = "2207 (postgres) S 1 2207 2207 0 -1 4194304 46158 2525017 0 73 114 535 "
            + "9288 8684 20 0 1 0 4518 222445568 7413 18446744073709551615 94434999386112 94435004842457 "
            + "140722136848128 0 0 0 0 24129536 84487 1 0 0 17 1 0 0 0 0 0 94435007322192 94435007539914 "
            + "94435697786880 140722136854174 140722136854296 140722136854296 140722136854484 0\n";

    @Test
    void readsTheCommandAndTheCpuTimesOfAProcess() {
        ProcessStat stat = ProcessStat.parse(POSTMASTER);

        assertThat(stat.command()).isEqualTo("postgres");
        assertThat(stat.cpuTicks()).isEqualTo(114 + 535);
        assertThat(stat.cpuTicksWithWaitedForChildren()).isEqualTo(114 + 535 + 9288 + 8684);
    }

    @Test
    void countsTheFieldsAfterACommandNameWithSpaces() {
        ProcessStat stat = ProcessStat.parse(POSTMASTER.replace("(postgres)", "(Web Content)"));

        assertThat(stat.command()).isEqualTo("Web Content");
        assertThat(stat.cpuTicksWithWaitedForChildren()).isEqualTo(114 + 535 + 9288 + 8684);
    }

    @Test
    void countsTheFieldsAfterTheLastParenthesisOfACommandNameWithParentheses() {
        ProcessStat stat = ProcessStat.parse(POSTMASTER.replace("(postgres)", "(a) 1 2 (b) S 3)"));

        assertThat(stat.command()).isEqualTo("a) 1 2 (b) S 3");
        assertThat(stat.cpuTicks()).isEqualTo(114 + 535);
        assertThat(stat.cpuTicksWithWaitedForChildren()).isEqualTo(114 + 535 + 9288 + 8684);
    }

    @Test
    void refusesALineWithoutItsCpuTimes() {
        assertThatThrownBy(() -> ProcessStat.parse("2207 (postgres) S 1 2207"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProcessStat.parse("2207 postgres S 1 2207"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

package io.tambat.it.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * One process's {@code /proc/<pid>/stat} line (Linux, proc(5)): its command name and its CPU times in clock
 * ticks ({@code getconf CLK_TCK}). The command name, field 2, stands in parentheses and may itself hold spaces
 * and parentheses, so the numbered fields after it are counted from the last {@code ')'}.
 *
 * @param command field 2, the command name without its parentheses
 * @param userTicks utime, field 14
 * @param systemTicks stime, field 15
 * @param waitedForChildrenUserTicks cutime, field 16: user time of the children the process has waited for
 * @param waitedForChildrenSystemTicks cstime, field 17
 */
record ProcessStat(String command, long userTicks, long systemTicks, long waitedForChildrenUserTicks,
        long waitedForChildrenSystemTicks) {

    private static final long CLOCK_TICKS_PER_SECOND = clockTicksPerSecond();
    /** Field 3, the first after the command name, is at index 0 once the line is cut after the name. */
    private static final int FIRST_FIELD_AFTER_COMMAND = 3;
    private static final int UTIME = 14;
    private static final int STIME = 15;
    private static final int CUTIME = 16;
    private static final int CSTIME = 17;

    static ProcessStat parse(String line) {
        int open = line.indexOf('(');
        int close = line.lastIndexOf(')');
        if (open < 0 || close < open) {
            throw new IllegalArgumentException("no command name in parentheses: " + line);
        }
        String[] fields = line.substring(close + 1).trim().split(" +");
        if (fields.length <= CSTIME - FIRST_FIELD_AFTER_COMMAND) {
            throw new IllegalArgumentException("fewer than " + CSTIME + " fields: " + line);
        }
        return new ProcessStat(line.substring(open + 1, close), field(fields, UTIME), field(fields, STIME),
                field(fields, CUTIME), field(fields, CSTIME));
    }

    /** The process's own user and system time. */
    long cpuTicks() {
        return userTicks + systemTicks;
    }

    /**
     * Its own time and that of the children it has waited for: a child that exits hands its time to its
     * parent's cutime and cstime, so a parent's sum keeps counting children that come and go.
     */
    long cpuTicksWithWaitedForChildren() {
        return cpuTicks() + waitedForChildrenUserTicks + waitedForChildrenSystemTicks;
    }

    static double millis(long ticks) {
        return ticks * 1000.0 / CLOCK_TICKS_PER_SECOND;
    }

    private static long field(String[] fieldsAfterCommand, int number) {
        return Long.parseLong(fieldsAfterCommand[number - FIRST_FIELD_AFTER_COMMAND]);
    }

    private static long clockTicksPerSecond() {
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            return getconf.waitFor() == 0 ? Long.parseLong(out) : 100;
        } catch (IOException | NumberFormatException e) {
            return 100;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }
}

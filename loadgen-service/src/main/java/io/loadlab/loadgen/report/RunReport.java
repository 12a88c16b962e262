package io.loadlab.loadgen.report;

/**
 * The figures of a finished run. Each transport has its own record; their JSON field names are
 * a contract that scripts and dashboards read.
 */
public interface RunReport {

    /**
     * The run's per-second figures; {@link RunSeries#EMPTY} unless the kind's report carries them (a record
     * component {@code RunSeries series} overrides this). Not a bean getter: Jackson leaves it out of reports
     * that do not carry it.
     */
    default RunSeries series() {
        return RunSeries.EMPTY;
    }

    /**
     * How the generator was held up while it measured, when that passed a limit; null when it did not, or when the
     * kind does not watch itself (a record component {@code Disturbance disturbed} overrides this).
     */
    default Disturbance disturbed() {
        return null;
    }
}

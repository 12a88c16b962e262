package io.loadlab.loadgen.iperf;

import java.util.List;

/**
 * A finished iperf3 test: its directions and both ends' CPU utilisation in percent of one CPU, as iperf3 prints
 * it ({@code CPU Utilization: local/sender ... remote/receiver}); {@code error} is null when the test completed,
 * else why not (busy server, refused parameters, a lost connection), with whatever was measured until then.
 */
public record IperfReport(IperfSpec spec, List<DirectionReport> directions, CpuUtilisation local, CpuUtilisation remote,
                          String error) {

    public IperfReport {
        directions = List.copyOf(directions);
    }

    /** Percent of one CPU: user, system and their total. */
    public record CpuUtilisation(double total, double user, double system) {
    }

    public DirectionReport direction(String name) {
        return directions.stream().filter(d -> d.direction().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no direction " + name));
    }
}

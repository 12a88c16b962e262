package io.loadlab.loadgen.iperf;

import io.loadlab.common.iperf.Direction;
import io.loadlab.common.iperf.Protocol;

import java.time.Duration;
import java.util.Random;

/**
 * The engine from the command line, for {@code bench/tcp-vs-iperf3.sh}: one TCP upload against
 * {@code 127.0.0.1:<port>}, printing iperf3's text report and a last line of figures:
 * {@code bytes=<received> seconds=<measured> cpu_percent=<this process, of one CPU>}.
 * Usage: {@code IperfBenchMain <port> <streams> <seconds>}. Lives with the tests until the run kind exists.
 */
public final class IperfBenchMain {

    private IperfBenchMain() {
    }

    public static void main(String[] args) {
        IperfSpec spec = new IperfSpec("127.0.0.1", Integer.parseInt(args[0]), Protocol.TCP, Integer.parseInt(args[1]),
                Direction.UP, 0, 0, Duration.ofSeconds(Long.parseLong(args[2])), Duration.ZERO);
        IperfReport r = new IperfClient(System::nanoTime, new Random(), Duration.ofSeconds(10)).run(spec);
        System.out.print(IperfTextReport.render(r));
        if (r.error() != null) {
            System.exit(1);
        }
        StreamFigures sum = r.direction("up").sum();
        System.out.printf("bytes=%d seconds=%.6f cpu_percent=%.3f%n", sum.receivedBytes(), sum.seconds(), r.local().total());
    }
}

package io.loadlab.loadgen.http;

import io.loadlab.loadgen.engine.NanoClock;
import io.loadlab.loadgen.run.AddressPolicy;
import io.loadlab.loadgen.run.AddressRefusedException;
import io.loadlab.loadgen.run.DisturbanceLimits;
import io.loadlab.loadgen.run.FinishedRun;
import io.loadlab.loadgen.run.GeneratorConfig;
import io.loadlab.loadgen.run.LoadRun;
import io.loadlab.loadgen.run.RunOutcome;
import jakarta.enterprise.context.ApplicationScoped;
import io.loadlab.loadgen.engine.TaskScheduler;
import io.loadlab.loadgen.run.IntervalScheduler;
import jakarta.inject.Inject;
import io.loadlab.loadgen.mix.DataFiles;
import io.loadlab.loadgen.mix.ValueTables;
import io.loadlab.loadgen.run.InvalidSpecException;
import java.util.Optional;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs {@link HttpRunSpec}s on a lean HTTP/1.1 client written on Netty (not Vert.x's HttpClient,
 * which reached only 0.56-0.62 of wrk's rate here). The returned run is an {@link HttpRun}. {@link HttpKind} starts
 * its runs here; tests start runs with one built by hand.
 */
@ApplicationScoped
public class HttpRunDriver {

    private final NanoClock clock;
    private final AddressPolicy policy;
    private final TaskScheduler intervals;
    private final DisturbanceLimits limits;
    private final DataFiles dataFiles;
    private final AtomicLong runs = new AtomicLong();

    /** @param dataFiles the data files a spec's values may name (uploaded, or in the allowlisted directory) */
    @Inject
    public HttpRunDriver(NanoClock clock, AddressPolicy policy, IntervalScheduler intervals, GeneratorConfig generator,
                         DataFiles dataFiles) {
        this(clock, policy, intervals, generator.limits(), dataFiles);
    }

    public HttpRunDriver(NanoClock clock, AddressPolicy policy, IntervalScheduler intervals, GeneratorConfig generator) {
        this(clock, policy, intervals, generator.limits());
    }

    /** A driver judging its runs' own disturbance by the default limits. */
    public HttpRunDriver(NanoClock clock, AddressPolicy policy, IntervalScheduler intervals) {
        this(clock, policy, intervals, DisturbanceLimits.DEFAULT);
    }

    public HttpRunDriver(NanoClock clock, AddressPolicy policy, IntervalScheduler intervals, DisturbanceLimits limits) {
        this(clock, policy, intervals, limits, NO_FILES);
    }

    public HttpRunDriver(NanoClock clock, AddressPolicy policy, IntervalScheduler intervals, DisturbanceLimits limits,
                         DataFiles dataFiles) {
        this.dataFiles = dataFiles;
        this.clock = clock;
        this.intervals = intervals;
        this.policy = policy;
        this.limits = limits;
    }

    /** Drivers built by hand (tests, tools) read no data files: a spec naming one fails to start, saying so. */
    private static final DataFiles NO_FILES = name -> Optional.empty();

    /**
     * Starts the run and returns at once. A host that does not resolve, or loops that cannot be
     * created, give a run already done with its {@link RunOutcome#failure()}.
     */
    public LoadRun start(HttpRunSpec http) {
        int port = http.target().getPort() >= 0 ? http.target().getPort() : http.secure() ? 443 : 80;
        try {
            InetAddress resolved = policy.resolveAndAdmit(http.target().getHost());
            InetSocketAddress address = new InetSocketAddress(resolved, port);
            RequestMix mix = http.templated() ? RequestMix.compile(http, ValueTables.resolve(http.values(), dataFiles))
                    : null; // the one-request form: RequestTemplate's bytes, as ever
            return HttpRun.start(http, clock, intervals, address, "loadgen-http-" + runs.incrementAndGet(),
                    limits, mix);
        } catch (UnknownHostException e) {
            return failed(http, "cannot resolve " + http.target().getHost());
        } catch (InvalidSpecException e) {
            return failed(http, "invalid values: " + e.getMessage());
        } catch (AddressRefusedException e) {
            return failed(http, e.getMessage());
        } catch (RuntimeException e) {
            return failed(http, "cannot start: " + e);
        }
    }

    private static LoadRun failed(HttpRunSpec spec, String why) {
        return FinishedRun.failed(HttpReports.empty(spec), why);
    }
}

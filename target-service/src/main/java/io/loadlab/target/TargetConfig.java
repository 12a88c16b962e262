package io.loadlab.target;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** The target service's own settings, under {@code target.*}; every limit is here, overridable by environment. */
@ConfigMapping(prefix = "target")
public interface TargetConfig {

    /** The largest {@code number} a request may ask for: bounds the memory one cached answer can take. */
    @WithDefault("10000")
    int maxItems();

    /** The largest request body accepted on {@code /test/testApi}, in bytes; more gets 413. */
    @WithDefault("65536")
    int maxBodyBytes();

    Api api();

    Body body();

    Cache cache();

    Udp udp();

    Iperf iperf();

    Https https();

    interface Api {
        /**
         * How long every {@code /test/testApi} answer waits before it is sent, on a timer (the event loop is never
         * blocked): a deliberately slower service, for regression tests against a baseline. 0 to 10 s, whole
         * milliseconds; 0 (the default) answers at once.
         */
        @WithDefault("0s")
        Duration delay();

        /**
         * Whether a plain {@code POST /test/testApi} on a plain HTTP/1.1 connection is answered below Vert.x Web, from
         * the connection's second such request on (see the api package's DirectAnswer). Answers, meters and refusals
         * are the same either way; off, every request takes the routed path (for a before/after measurement).
         */
        @WithDefault("true")
        boolean directAnswer();
    }

    /**
     * What request bodies on {@code /test/testApi} may hold while they arrive, beyond {@link #maxBodyBytes()} each: 20 h2
     * connections of 256 streams, each holding 60 KiB of a body that never ended, took 16.6 MB of heap per connection and
     * a 256 MiB heap to OutOfMemoryError (issue 42). Over a bound the request gets a JSON 503; late bodies get 408.
     */
    interface Body {
        /**
         * How long a request's body may take to arrive in full, from its headers; then 408 and the connection is closed,
         * whatever PINGs or other streams say. 64 KiB in 10 s is 6.5 KB/s: any link a load test runs over.
         */
        @WithDefault("10s")
        Duration timeout();

        /**
         * Bytes of unfinished bodies one connection may hold at once: 16 whole 64 KiB bodies, where 256 streams could hold 16 MiB.
         * A load generator's bodies ({@code {"number":N}}, tens of bytes) stay far below it.
         */
        @WithDefault("1048576")
        long maxConnectionBytes();

        /** Bytes of unfinished bodies the process may hold at once, over all connections; absent: an eighth of the heap. */
        OptionalLong maxTotalBytes();
    }

    interface Cache {
        /** How long an encoded answer lives after it was built (the reference used 1000 minutes). */
        @WithDefault("1000M")
        Duration expireAfterWrite();

        /** How many distinct {@code number}s are kept at most. */
        @WithDefault("1000")
        long maximumSize();

        /** Bytes of encoded answers kept at most; absent: a quarter of the JVM's direct memory (answer/CacheBudget). */
        OptionalLong maxBytes();
    }

    interface Udp {
        /** Port of the sockperf-compatible UDP reflector; 0 picks a free one (tests). */
        @WithDefault("11111")
        int port();

        /** Address the reflector binds; every interface by default, as the HTTP server. */
        @WithDefault("0.0.0.0")
        String host();

        /** False: no reflector, and the readiness check leaves UDP out. */
        @WithDefault("true")
        boolean enabled();

        /** Receiving sockets, one thread each (SO_REUSEPORT); absent: as many as the cores this process sees. */
        OptionalInt threads();

        /** Senders whose sequence numbers are followed, in all; the least recently heard is forgotten beyond. */
        @WithDefault("4096")
        int maxSenders();
    }

    interface Iperf {
        /** Port of the iperf3-compatible server (TCP control and streams, UDP streams); 0 picks a free one (tests). */
        @WithDefault("5201")
        int port();

        /** Address it binds; every interface by default, as the HTTP server. */
        @WithDefault("0.0.0.0")
        String host();

        /** False: no iperf3 server. */
        @WithDefault("true")
        boolean enabled();

        /**
         * Tests at once, 1 to 64 (checked at start): 1 is iperf3's one test at a time, a second client told busy; more
         * let several agents measure one target's link together, each test with its own results, over UDP too (the tests
         * share the one UDP port, each datagram credited by sender address; their stream setups go one at a time).
         */
        @WithDefault("1")
        int maxClients();

        /** Streams per direction a test may ask for ({@code -P}); iperf3's own server allows 128. */
        @WithDefault("128")
        int maxStreams();

        /** Largest block or datagram ({@code -l}), in bytes: bounds each stream's buffer. iperf3 allows 1 MiB for TCP. */
        @WithDefault("1048576")
        int maxLength();

        /**
         * Largest streams (both directions) × length of a test, in bytes; over it the client gets "number of parallel
         * streams too large". 64 MiB takes {@code -P 128 --bidir} at iperf3's default 128 KiB and {@code -P 32 --bidir
         * -l 1M}, not {@code -P 128 --bidir -l 1M} (256 MiB), which took a 1 GiB pod from 105 to 956 MB RSS.
         */
        @WithDefault("67108864")
        long maxStreamBytes();

        /** Longest test ({@code -t} plus {@code -O}), in seconds; iperf3's own limit is a day. */
        @WithDefault("3600")
        int maxSeconds();

        /** Largest JSON message (parameters, results) read on the control connection, in bytes. */
        @WithDefault("65536")
        int maxJsonBytes();

        /**
         * Deadline of each phase of the control exchange (cookie, parameters, stream connections, results, IPERF_DONE;
         * the test itself gets its own time on top): on the whole phase, not each read, so dripping bytes gains nothing.
         */
        @WithDefault("10s")
        Duration controlTimeout();

        /**
         * After the client's results arrive, how long receiving streams keep reading until they hold every byte the
         * client says it sent: iperf3's server stops at once and reports up to its socket buffers short.
         */
        @WithDefault("2s")
        Duration drainTimeout();
    }

    interface Https {
        /** False: no TLS port; the plain port still speaks HTTP/1.1 and h2c. */
        @WithDefault("true")
        boolean enabled();

        /** Port of HTTPS (HTTP/1.1 and h2 by ALPN); 0 picks a free one (tests), logged and on HttpsServer.port(). */
        @WithDefault("8443")
        int port();

        /** Address it binds; every interface by default, as the plain HTTP server. */
        @WithDefault("0.0.0.0")
        String host();

        /** PEM certificate (chain, leaf first); with {@link #keyFile()}, or neither: a self-signed one is made at start. */
        Optional<Path> certFile();

        /** PEM private key (PKCS#8, PKCS#1 RSA or SEC1 EC) of {@link #certFile()}. */
        Optional<Path> keyFile();

        /**
         * True: when neither PEM file exists (a Secret volume marked optional, the Secret not created), serve a
         * self-signed certificate and load the files once they appear. One file without the other, or a file that
         * does not parse, stays an error either way.
         */
        @WithDefault("false")
        boolean filesOptional();

        /** Names the self-signed certificate covers besides localhost, 127.0.0.1, ::1, this host's name and address. */
        Optional<List<String>> names();

        /**
         * How often the PEM files are read again; a changed pair that matches is served to new connections without a
         * restart. A Kubernetes Secret update reaches the mounted files within about a minute (kubelet sync).
         */
        @WithDefault("10s")
        Duration reloadPeriod();

        /**
         * Streams one HTTP/2 connection may have open (SETTINGS_MAX_CONCURRENT_STREAMS); Vert.x's default of 100
         * would cap h2load -m 256 and the loadgen's largest {@code streams} (256).
         */
        @WithDefault("256")
        long maxConcurrentStreams();

        /**
         * TLS handshakes in progress at once on this port; a connection past it gets an alert and is closed before any
         * key exchange. 256: a few milliseconds of CPU each, and 1,000 stalled ClientHellos took the shared event loops
         * 5.3 s from the plain port's probes (issue 42). Browsers, wrk and h2load open far fewer at a time.
         */
        @WithDefault("256")
        int maxHandshakes();

        /** How long a handshake may take before its connection is closed (Vert.x's default, made explicit). */
        @WithDefault("10s")
        Duration handshakeTimeout();
    }
}

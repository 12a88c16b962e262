package io.loadlab.target.iperf;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.common.iperf.IperfErrno;
import io.loadlab.common.iperf.TestParameters;
import io.loadlab.target.TargetConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The server's limits with its defaults: counts checked as the JSON says them, streams × length capped. */
class ParameterLimitsTest {

    private final ParameterLimits limits = new ParameterLimits(new Defaults());

    @Test
    void countsAreComparedBeforeAnyNarrowing() throws Exception {
        assertEquals(Optional.of(IperfErrno.NUM_STREAMS), limits.refusal(json("{\"tcp\":true,\"parallel\":4294967424}")));
        assertEquals(Optional.of(IperfErrno.NUM_STREAMS), limits.refusal(json("{\"tcp\":true,\"parallel\":1e30}")));
        assertEquals(Optional.of(IperfErrno.BLOCK_SIZE), limits.refusal(json("{\"tcp\":true,\"len\":4294967297}")));
        assertEquals(Optional.of(IperfErrno.DURATION), limits.refusal(json("{\"tcp\":true,\"time\":4294967306}")));
        assertEquals(Optional.empty(), limits.refusal(json("{\"tcp\":true,\"parallel\":128,\"len\":1048576,\"time\":3600}")));
    }

    @Test
    void streamsTimesLengthIsCappedAt64MiB() throws Exception {
        assertEquals(Optional.of(IperfErrno.NUM_STREAMS), refusal("{\"tcp\":true,\"parallel\":128,\"bidirectional\":1,\"len\":1048576}"));
        assertEquals(Optional.empty(), refusal("{\"tcp\":true,\"parallel\":32,\"bidirectional\":1,\"len\":1048576}"));
        assertEquals(Optional.of(IperfErrno.NUM_STREAMS), refusal("{\"tcp\":true,\"parallel\":33,\"bidirectional\":1,\"len\":1048576}"));
        assertEquals(Optional.empty(), refusal("{\"tcp\":true,\"parallel\":128,\"bidirectional\":1,\"len\":131072}"));
    }

    private Optional<Integer> refusal(String text) throws Exception {
        TestParameters p = TestParameters.fromJson(json(text));
        return limits.refusal(p, p.length());
    }

    private static ObjectNode json(String text) throws Exception {
        return (ObjectNode) new ObjectMapper().readTree(text);
    }

    /** TargetConfig.Iperf's defaults, as application.properties leaves them. */
    private static final class Defaults implements TargetConfig.Iperf {
        public int port() { return 0; }
        public String host() { return "127.0.0.1"; }
        public boolean enabled() { return true; }
        public int maxClients() { return 1; }
        public int maxStreams() { return 128; }
        public int maxLength() { return 1 << 20; }
        public long maxStreamBytes() { return 64L << 20; }
        public int maxSeconds() { return 3600; }
        public int maxJsonBytes() { return 65536; }
        public Duration controlTimeout() { return Duration.ofSeconds(10); }
        public Duration drainTimeout() { return Duration.ofSeconds(2); }
    }
}

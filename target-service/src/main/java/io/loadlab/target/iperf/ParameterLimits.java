package io.loadlab.target.iperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.loadlab.common.iperf.IperfErrno;
import io.loadlab.common.iperf.Protocol;
import io.loadlab.common.iperf.TestParameters;
import io.loadlab.target.TargetConfig;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * The server's limits on a client's parameters; over one, the iperf3 error number the client is sent (it prints
 * iperf3's own message). Counts are checked on the JSON's numbers as they are, before any is narrowed to an int:
 * {@code "parallel": 4294967424} (2^32 + 128) was cast to 128 and passed.
 */
final class ParameterLimits {

    private static final int UDP_MAX = 65507;
    private static final int UDP_MIN = 16;

    private final TargetConfig.Iperf config;

    ParameterLimits(TargetConfig.Iperf config) {
        this.config = config;
    }

    /** A refusal read from the raw parameters: a count over its limit, however large the number. */
    Optional<Integer> refusal(ObjectNode json) {
        if (over(json.get("parallel"), config.maxStreams())) {
            return Optional.of(IperfErrno.NUM_STREAMS);
        }
        if (over(json.get("len"), config.maxLength())) {
            return Optional.of(IperfErrno.BLOCK_SIZE);
        }
        if (over(json.get("time"), config.maxSeconds()) || over(json.get("omit"), config.maxSeconds())) {
            return Optional.of(IperfErrno.DURATION);
        }
        return Optional.empty();
    }

    /**
     * A refusal of parameters read, {@code length} being the block the test will use. Streams (both directions) times
     * length is capped too: each stream keeps up to that much in flight in its socket buffers, which a container's
     * memory limit counts.
     */
    Optional<Integer> refusal(TestParameters p, int length) {
        if (p.parallel() > config.maxStreams()) {
            return Optional.of(IperfErrno.NUM_STREAMS);
        }
        if (length > config.maxLength() || (p.protocol() == Protocol.UDP && (length > UDP_MAX || length < UDP_MIN))) {
            return Optional.of(IperfErrno.BLOCK_SIZE);
        }
        if ((long) p.time() + p.omit() > config.maxSeconds()) {
            return Optional.of(IperfErrno.DURATION);
        }
        int streams = p.direction().clientSending(p.parallel()) + p.direction().clientReceiving(p.parallel());
        if ((long) streams * length > config.maxStreamBytes()) {
            return Optional.of(IperfErrno.NUM_STREAMS);
        }
        return Optional.empty();
    }

    private static boolean over(JsonNode n, long limit) {
        return n != null && n.isNumber() && n.decimalValue().compareTo(BigDecimal.valueOf(limit)) > 0;
    }
}

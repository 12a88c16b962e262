package io.loadlab.common.iperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The client's settings, sent as JSON after PARAM_EXCHANGE (iperf3's send_parameters). Keys the server needs;
 * others a client sends (window, MSS, title...) are ignored on reading, as iperf3 ignores what it does not set.
 *
 * @param omit         seconds at the start not counted ({@code -O})
 * @param time         test length in seconds ({@code -t}); 0 when bounded by {@code bytes} or {@code blocks}
 * @param bytes        bytes to send ({@code -n}), 0 for none
 * @param blocks       blocks to send ({@code -k}), 0 for none
 * @param parallel     streams per direction ({@code -P})
 * @param length       bytes per write or datagram ({@code -l}); 0 for the default
 * @param bandwidth    bits/s per stream ({@code -b}); 0 for unlimited
 * @param pacingTimer  microseconds between pacing checks ({@code --pacing-timer})
 * @param udpCounters64bit whether UDP sequence numbers take 64 bits ({@code --udp-counters-64bit})
 * @param clientVersion the client's iperf3 version, "" when not said
 */
public record TestParameters(Protocol protocol, int omit, int time, long bytes, long blocks, int parallel,
                             Direction direction, int length, long bandwidth, int pacingTimer,
                             boolean udpCounters64bit, boolean getServerOutput, String clientVersion) {

    public TestParameters {
        if (protocol == null || direction == null || clientVersion == null) {
            throw new IllegalArgumentException("protocol, direction and clientVersion are required");
        }
        if (omit < 0 || time < 0 || bytes < 0 || blocks < 0 || parallel < 1 || length < 0 || bandwidth < 0 || pacingTimer < 0) {
            throw new IllegalArgumentException("omit, time, bytes, blocks, length, bandwidth and pacingTimer must be >= 0"
                    + " and parallel >= 1");
        }
    }

    /** The parameters as iperf3's client sends them (3.12's keys; defaults left out as it leaves them out). */
    public ObjectNode toJson() {
        ObjectNode j = ControlChannel.object();
        j.put(protocol.key(), true);
        j.put("omit", omit).put("time", time).put("num", bytes).put("blockcount", blocks).put("parallel", parallel);
        if (direction == Direction.DOWN) {
            j.put("reverse", true);
        } else if (direction == Direction.BIDIR) {
            j.put("bidirectional", true);
        }
        if (length > 0) {
            j.put("len", length);
        }
        if (bandwidth > 0) {
            j.put("bandwidth", bandwidth);
        }
        j.put("pacing_timer", pacingTimer);
        if (udpCounters64bit) {
            j.put("udp_counters_64bit", 1);
        }
        if (getServerOutput) {
            j.put("get_server_output", 1);
        }
        j.put("client_version", clientVersion);
        return j;
    }

    /** Reads a client's parameters; a missing protocol, a bad number or an impossible value is a protocol error. */
    public static TestParameters fromJson(ObjectNode j) {
        Protocol protocol = j.has("udp") ? Protocol.UDP : j.has("tcp") ? Protocol.TCP : null;
        if (protocol == null) {
            throw new IperfProtocolException("parameters name neither tcp nor udp (sctp is not served)");
        }
        Direction direction = truthy(j.get("bidirectional")) ? Direction.BIDIR
                : truthy(j.get("reverse")) ? Direction.DOWN : Direction.UP;
        try {
            return new TestParameters(protocol, intNumber(j, "omit", 0), intNumber(j, "time", 10),
                    number(j, "num", 0), number(j, "blockcount", 0), intNumber(j, "parallel", 1), direction,
                    intNumber(j, "len", 0), number(j, "bandwidth", 0), intNumber(j, "pacing_timer", 1000),
                    number(j, "udp_counters_64bit", 0) != 0, number(j, "get_server_output", 0) != 0,
                    j.path("client_version").asText(""));
        } catch (IllegalArgumentException e) {
            throw new IperfProtocolException("parameters: " + e.getMessage());
        }
    }

    private static boolean truthy(JsonNode n) {
        return n != null && (n.asBoolean(false) || n.asLong(0) != 0);
    }

    /** An int field, refused when out of int's range: a cast made "parallel": 4294967424 (2^32 + 128) a 128-stream test. */
    private static int intNumber(ObjectNode j, String key, int otherwise) {
        long n = number(j, key, otherwise);
        if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
            throw new IperfProtocolException("parameter " + key + " is out of range: " + n);
        }
        return (int) n;
    }

    private static long number(ObjectNode j, String key, long otherwise) {
        JsonNode n = j.get(key);
        if (n == null) {
            return otherwise;
        }
        if (!n.isNumber() || n.asDouble() < Integer.MIN_VALUE || n.asDouble() > Long.MAX_VALUE / 2) {
            throw new IperfProtocolException("parameter " + key + " is not a number in range: " + n);
        }
        return n.asLong();
    }
}

package io.loadlab.common.iperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One stream's figures in the results exchange, from the side that sends them: bytes it sent or received,
 * TCP retransmits (-1: not a sender, or not known), UDP jitter in seconds, errors (UDP datagrams lost) and
 * packets (sent, or the highest sequence number received), times in seconds from the test's start.
 */
public record StreamResult(int id, long bytes, long retransmits, double jitterSeconds, long errors, long packets,
                           double startTime, double endTime) {

    ObjectNode toJson() {
        ObjectNode j = ControlChannel.object();
        j.put("id", id).put("bytes", bytes).put("retransmits", retransmits).put("jitter", jitterSeconds)
                .put("errors", errors).put("packets", packets).put("start_time", startTime).put("end_time", endTime);
        return j;
    }

    static StreamResult fromJson(JsonNode j) {
        if (!j.isObject() || !j.path("id").canConvertToInt() || !j.path("bytes").isNumber()) {
            throw new IperfProtocolException("stream result without id or bytes: " + j);
        }
        return new StreamResult(j.get("id").asInt(), j.get("bytes").asLong(), unsigned(j.path("retransmits")),
                j.path("jitter").asDouble(0), j.path("errors").asLong(0), j.path("packets").asLong(0),
                j.path("start_time").asDouble(0), j.path("end_time").asDouble(0));
    }

    /** iperf3 writes "none" as -1 in a uint64: 18446744073709551615, which a reader may see as 1.8e19. */
    private static long unsigned(JsonNode n) {
        if (!n.isNumber() || n.asDouble() < 0 || n.asDouble() >= 0x1p63) {
            return -1;
        }
        return n.asLong();
    }
}

package io.loadlab.common.iperf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What each side sends in the results exchange (iperf3's send_results): its CPU utilisation in percent of one
 * CPU over the test (user, system and their total), whether its sending streams carry retransmit counts, and
 * its streams. {@code serverOutputText} is the server's own report, sent when the client asked for it.
 */
public record TestResults(double cpuUtilTotal, double cpuUtilUser, double cpuUtilSystem, boolean senderHasRetransmits,
                          List<StreamResult> streams, Optional<String> serverOutputText) {

    /** A peer may send at most this many streams: more than any test we accept, fewer than a flood. */
    public static final int MAX_STREAMS = 4096;

    public TestResults {
        streams = List.copyOf(streams);
        serverOutputText = serverOutputText == null ? Optional.empty() : serverOutputText;
    }

    /** The stream with this id, if the peer reported it. */
    public Optional<StreamResult> stream(int id) {
        return streams.stream().filter(s -> s.id() == id).findFirst();
    }

    public ObjectNode toJson() {
        ObjectNode j = ControlChannel.object();
        j.put("cpu_util_total", cpuUtilTotal).put("cpu_util_user", cpuUtilUser).put("cpu_util_system", cpuUtilSystem)
                .put("sender_has_retransmits", senderHasRetransmits ? 1 : 0);
        ArrayNode a = j.putArray("streams");
        streams.forEach(s -> a.add(s.toJson()));
        serverOutputText.ifPresent(t -> j.put("server_output_text", t));
        return j;
    }

    public static TestResults fromJson(ObjectNode j) {
        JsonNode streams = j.get("streams");
        if (streams == null || !streams.isArray() || streams.size() > MAX_STREAMS) {
            throw new IperfProtocolException("results without a streams array of at most " + MAX_STREAMS);
        }
        List<StreamResult> list = new ArrayList<>();
        streams.forEach(s -> list.add(StreamResult.fromJson(s)));
        JsonNode text = j.get("server_output_text");
        return new TestResults(j.path("cpu_util_total").asDouble(0), j.path("cpu_util_user").asDouble(0),
                j.path("cpu_util_system").asDouble(0), j.path("sender_has_retransmits").asInt(0) == 1, list,
                text != null && text.isTextual() ? Optional.of(text.asText()) : Optional.empty());
    }
}

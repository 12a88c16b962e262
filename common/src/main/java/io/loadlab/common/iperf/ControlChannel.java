package io.loadlab.common.iperf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The control connection's framing, for either end: states as one byte, JSON as a 4-byte big-endian length and
 * that many bytes (iperf3's JSON_write/JSON_read), the cookie, and SERVER_ERROR's two error numbers. Reads block
 * up to the socket's own timeout; a JSON longer than the limit given is refused before it is read.
 */
public final class ControlChannel {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final DataInputStream in;
    private final DataOutputStream out;

    public ControlChannel(InputStream in, OutputStream out) {
        this.in = new DataInputStream(in);
        this.out = new DataOutputStream(out);
    }

    public void writeCookie(Cookie cookie) throws IOException {
        out.write(cookie.wire());
        out.flush();
    }

    public Cookie readCookie() throws IOException {
        byte[] wire = new byte[Cookie.SIZE];
        in.readFully(wire);
        return Cookie.of(wire);
    }

    public void writeState(IperfState state) throws IOException {
        out.write(state.code());
        out.flush();
    }

    public IperfState readState() throws IOException {
        return IperfState.of(in.readByte());
    }

    /** SERVER_ERROR and iperf3's error number (its i_errno: the client prints the matching message) and errno 0. */
    public void writeServerError(int iperfErrno) throws IOException {
        out.write(IperfState.SERVER_ERROR.code());
        out.writeInt(iperfErrno);
        out.writeInt(0);
        out.flush();
    }

    /** After a SERVER_ERROR state: iperf3's error number. */
    public int readServerError() throws IOException {
        int iperfErrno = in.readInt();
        in.readInt();
        return iperfErrno;
    }

    public void writeJson(ObjectNode json) throws IOException {
        byte[] text;
        try {
            text = JSON.writeValueAsBytes(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an ObjectNode always serializes", e);
        }
        out.writeInt(text.length);
        out.write(text);
        out.flush();
    }

    /** One JSON object of at most {@code maxBytes}; a longer one, or one that is no object, is a protocol error. */
    public ObjectNode readJson(int maxBytes) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > maxBytes) {
            throw new IperfProtocolException("JSON message of " + Integer.toUnsignedString(length)
                    + " bytes, over the limit of " + maxBytes);
        }
        byte[] text = new byte[length];
        in.readFully(text);
        JsonNode node;
        try {
            node = JSON.readTree(new String(text, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new IperfProtocolException("malformed JSON message: " + e.getOriginalMessage());
        }
        if (!(node instanceof ObjectNode)) {
            throw new IperfProtocolException("JSON message is not an object");
        }
        return (ObjectNode) node;
    }

    /** A fresh object for {@link #writeJson}. */
    public static ObjectNode object() {
        return JSON.createObjectNode();
    }
}

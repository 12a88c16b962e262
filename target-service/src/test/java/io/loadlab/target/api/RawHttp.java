package io.loadlab.target.api;

import io.restassured.RestAssured;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** One request written byte for byte on a fresh connection, for what HTTP clients refuse to send. */
final class RawHttp {

    private RawHttp() {
    }

    static Socket connect() throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), RestAssured.port);
        s.setSoTimeout(10_000);
        return s;
    }

    /** One whole response read off a kept-alive connection: its head up to the blank line, then content-length bytes. */
    static byte[] response(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed inside a response head: " + out.toString(StandardCharsets.ISO_8859_1));
            }
            out.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String head = out.toString(StandardCharsets.ISO_8859_1).toLowerCase(java.util.Locale.ROOT);
        int at = head.indexOf("content-length:");
        if (at < 0) {
            throw new IOException("no content-length in " + head);
        }
        int length = Integer.parseInt(head.substring(at + 15, head.indexOf('\r', at)).trim());
        out.write(in.readNBytes(length));
        return out.toByteArray();
    }

    /** Sends {@code request} with {@code Connection: close} semantics and returns the whole answer. */
    static String exchange(String request) throws IOException {
        try (Socket s = connect()) {
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                out.write(buf, 0, n);
            }
            return out.toString(StandardCharsets.UTF_8);
        }
    }
}

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

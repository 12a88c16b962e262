package io.loadlab.loadgen.data;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reads at most {@code cap} bytes; one more is an {@link IOException} naming the cap, so a file never grows past it unseen. */
final class CappedInputStream extends FilterInputStream {

    private final long cap;
    private final String what;
    private long read;

    CappedInputStream(InputStream in, long cap, String what) {
        super(in);
        this.cap = cap;
        this.what = what;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, (int) Math.min(len, cap - read + 1));
        if (n > 0) {
            count(n);
        }
        return n;
    }

    private void count(int n) throws IOException {
        read += n;
        if (read > cap) {
            throw new IOException(what + " is over " + cap + " bytes (loadgen.data.max-file-bytes)");
        }
    }
}

package io.loadlab.loadgen.calibrate;

/** The kinds of load a ceiling is measured for: each costs the generator differently per request. */
public enum Shape {
    /** HTTP on connections kept open: a write and a read per request. */
    HTTP_KEEP_ALIVE,
    /** HTTP with a new connection per request: connect, write, read, close; several times the keep-alive cost. */
    HTTP_CLOSE,
    /** UDP messages sent: one syscall each. */
    UDP
}

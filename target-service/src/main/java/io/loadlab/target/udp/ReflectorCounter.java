package io.loadlab.target.udp;

/** What the reflector counts, per receiving socket. */
public enum ReflectorCounter {
    /** Every datagram, malformed ones included. */
    RECEIVED,
    RECEIVED_BYTES,
    /** Pongs sent back. */
    REPLIES,
    REPLY_BYTES,
    /** Pongs the socket refused to send (buffer full, peer gone); the datagram is dropped. */
    REPLY_ERRORS,
    /** Well-formed datagrams without the pong flag, dropped after counting. */
    ONE_WAY,
    TOO_SHORT,
    BAD_LENGTH,
    /** Sequence numbers skipped at arrival, per sender; a late arrival is also counted as out of order. */
    LOST,
    /** Datagrams whose sequence number is below the highest seen from their sender. */
    OUT_OF_ORDER,
    /**
     * Sequence jumps beyond {@link SenderSequences#WINDOW} either way: a sender that restarted (or forged
     * numbers), followed from there as a new stream rather than counted as loss.
     */
    NEW_STREAMS,
    /** Senders forgotten because the tracked set was full. */
    SENDERS_EVICTED
}

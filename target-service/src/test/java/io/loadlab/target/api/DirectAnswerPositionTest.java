package io.loadlab.target.api;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Where {@link DirectAnswer} goes in a connection's pipeline, against the layouts Vert.x 4.5 builds (its handler names,
 * in order, as a connection's {@code pipeline.names()} listed them). Right after the idle handler, ahead of Netty's
 * {@code WebSocketServerExtensionHandler}, which queues an entry per request it sees until the response passes it:
 * placed behind it, the direct path leaked that entry for every answer.
 */
class DirectAnswerPositionTest {

    private static final String TAIL = "DefaultChannelPipeline$TailContext#0";

    @Test
    void rightAfterTheIdleHandlerOnceTheUpgradeHandlerHasGone() {
        assertEquals("idle", DirectAnswer.position(List.of("httpDecoder", "httpEncoder", "idle", "webSocketExtensionHandler",
                "handler", TAIL)));
    }

    @Test
    void rightAfterTheIdleHandlerWhileTheUpgradeHandlerIsThere() {
        assertEquals("idle", DirectAnswer.position(List.of("httpDecoder", "httpEncoder", "idle", "h2c", "webSocketExtensionHandler",
                "handler", TAIL)));
    }

    @Test
    void withoutAnIdleTimeoutRightAfterTheLastCodecHandler() {
        assertEquals("httpEncoder", DirectAnswer.position(List.of("httpDecoder", "httpEncoder", "webSocketExtensionHandler", "handler")));
        assertEquals("deflater", DirectAnswer.position(List.of("httpDecoder", "httpEncoder", "inflater", "deflater",
                "webSocketExtensionHandler", "handler")));
    }

    @Test
    void notInAPipelineThatIsNotVertxHttp1() {
        assertNull(DirectAnswer.position(List.of("ssl", "handshaker", "handler")), "HTTP/2");
        assertNull(DirectAnswer.position(List.of("httpDecoder", "httpEncoder", "idle")), "no Vert.x handler");
    }
}

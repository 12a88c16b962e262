package io.loadlab.common.iperf;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ControlChannelTest {

    @Test
    void jsonTravelsAsALengthAndText() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new ControlChannel(new ByteArrayInputStream(new byte[0]), out).writeJson(ControlChannel.object().put("tcp", true));
        byte[] wire = out.toByteArray();
        assertEquals(4 + "{\"tcp\":true}".length(), wire.length);
        assertEquals(12, wire[3]);
        ControlChannel in = new ControlChannel(new ByteArrayInputStream(wire), new ByteArrayOutputStream());
        assertEquals(true, in.readJson(100).get("tcp").asBoolean());
    }

    @Test
    void aLengthOverTheLimitIsRefusedBeforeReading() {
        byte[] wire = {0x7f, 0, 0, 0};
        ControlChannel in = new ControlChannel(new ByteArrayInputStream(wire), new ByteArrayOutputStream());
        assertThrows(IperfProtocolException.class, () -> in.readJson(65536));
    }

    @Test
    void statesAreSignedBytes() throws Exception {
        ControlChannel in = new ControlChannel(new ByteArrayInputStream(new byte[] {-1, 9, 99}), new ByteArrayOutputStream());
        assertEquals(IperfState.ACCESS_DENIED, in.readState());
        assertEquals(IperfState.PARAM_EXCHANGE, in.readState());
        assertThrows(IperfProtocolException.class, in::readState);
    }
}

package io.loadlab.loadgen.distributed;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loadlab.loadgen.report.LatencySummary;
import io.loadlab.loadgen.report.RunSeries;
import io.loadlab.loadgen.report.SeriesPoint;
import io.loadlab.loadgen.run.KindTypes;
import io.loadlab.loadgen.run.RunJson;
import io.loadlab.loadgen.udp.underload.UdpUnderLoadReport;
import io.loadlab.loadgen.udp.underload.UdpUnderLoadSpec;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a part's own report adds to the answer that carries it fits {@link AgentClient#MAX_REPORT_BYTES}: the
 * biggest UDP report (under-load: throughput's and ping-pong's figures) of the longest part
 * ({@code loadgen.limits.max-duration}, 1 h), its series of 3,600 points with every figure at its widest.
 */
class PartReportSizeTest {

    @Test
    void anHourLongUdpPartsReportFitsTheCapWithRoomToSpare() throws Exception {
        ObjectMapper json = RunJson.configure(new ObjectMapper(),
                List.of(new KindTypes(UdpUnderLoadSpec.KIND, UdpUnderLoadSpec.class, UdpUnderLoadReport.class)));
        double wide = 1234567.0 / 3; // 17 significant digits, as a double's JSON can be
        LatencySummary l = new LatencySummary(wide, wide, wide, wide, wide, wide, wide, wide, wide, wide, wide, wide,
                Long.MAX_VALUE);
        List<SeriesPoint> points = new ArrayList<>();
        for (int s = 0; s < 3_600; s++) {
            points.add(new SeriesPoint(s, 999_999_999L, 999_999_999L, wide, wide, wide, 999_999_999L));
        }
        UdpUnderLoadReport r = new UdpUnderLoadReport(Long.MAX_VALUE, wide, 65_507, wide, wide, wide, wide, 1_000_000,
                Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE,
                Long.MAX_VALUE, l, l, Long.MAX_VALUE, Long.MAX_VALUE, wide, "x".repeat(1024), new RunSeries(points));
        int bytes = json.writeValueAsBytes(r).length;
        System.out.printf("an hour-long udp-underload part's report: %,d bytes (cap %,d)%n", bytes,
                AgentClient.MAX_REPORT_BYTES);
        assertTrue(bytes < AgentClient.MAX_REPORT_BYTES / 4, bytes + " bytes");
    }
}

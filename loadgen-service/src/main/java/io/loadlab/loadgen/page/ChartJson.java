package io.loadlab.loadgen.page;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Chart data as JSON that may sit inside an HTML {@code <script>} element: no {@code </} can end it early. */
final class ChartJson {

    private ChartJson() {
    }

    static String of(ObjectMapper json, Object data) {
        try {
            return json.writeValueAsString(data).replace("</", "<\\/").replace("<!--", "<\\!--");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("chart data of plain records and lists always serialize", e);
        }
    }
}

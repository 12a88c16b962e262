package io.loadlab.loadgen.page;

import java.math.BigDecimal;

/**
 * A figure as a page shows it ({@code 137,777 req/s}, {@code 1.63 ms}, {@code 0.12 %}) read back into its JSON
 * field's unit, with half a step of its last printed digit: the page is right when the JSON's figure lies within it.
 * The inverse of {@link Numbers}, written apart so a wrong unit on either side shows.
 */
record ShownFigure(double value, double tolerance) {

    static ShownFigure read(String name, String shown) {
        String text = shown.trim();
        int space = text.lastIndexOf(' ');
        String number = space < 0 ? text : text.substring(0, space);
        String unit = space < 0 ? "" : text.substring(space + 1);
        double factor = factor(name.substring(name.lastIndexOf('.') + 1), unit);
        if (number.startsWith("< ") || number.startsWith("> ")) { // "< 0.01 %": some, but under the last digit
            BigDecimal bound = new BigDecimal(number.substring(2));
            return new ShownFigure(0, bound.abs().doubleValue() * factor);
        }
        BigDecimal v = new BigDecimal(number.replace(",", ""));
        return new ShownFigure(v.doubleValue() * factor, 0.5 * Math.pow(10, -v.scale()) * factor);
    }

    boolean matches(double json) {
        return Math.abs(json - value) <= tolerance * (1 + 1e-9);
    }

    private static double factor(String field, String unit) {
        boolean micros = field.endsWith("Micros");
        boolean millis = field.endsWith("Millis");
        return switch (unit) {
            case "%" -> field.endsWith("Percent") ? 1 : 0.01;
            case "µs" -> micros ? 1 : millis ? 1e-3 : 1e-6;
            case "ms" -> micros ? 1e3 : millis ? 1 : 1e-3;
            case "s" -> micros ? 1e6 : millis ? 1e3 : 1;
            case "kB" -> 1e3;
            case "MB" -> 1e6;
            case "GB" -> 1e9;
            case "TB" -> 1e12;
            default -> 1; // rates in their own unit, B, counts
        };
    }
}

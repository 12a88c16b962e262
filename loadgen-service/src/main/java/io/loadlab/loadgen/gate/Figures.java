package io.loadlab.loadgen.gate;

import java.math.BigDecimal;
import java.math.MathContext;

/** A figure as reports print it beside its threshold: up to 6 significant digits, no trailing zeros, no exponent. */
public final class Figures {

    private static final MathContext DIGITS = new MathContext(6);

    private Figures() {
    }

    public static String text(double value) {
        if (!Double.isFinite(value)) {
            return String.valueOf(value);
        }
        return new BigDecimal(value).round(DIGITS).stripTrailingZeros().toPlainString();
    }
}

package io.loadlab.grafana;

import java.util.Map;
import java.util.TreeMap;

/**
 * Prometheus' {@code histogram_quantile} over classic buckets, written out (promql/quantile.go, 2.42: the rank's
 * bucket, linear inside it from the bucket below's bound, 0 below the first; the highest finite bound when the rank
 * falls in +Inf), so a test can add series' buckets itself and hold a panel's value to the quantile of that sum.
 */
final class BucketQuantile {

    private BucketQuantile() {
    }

    /** @param cumulative per {@code le} bound (+Inf as {@link Double#POSITIVE_INFINITY}), cumulative counts or rates */
    static double of(double q, Map<Double, Double> cumulative) {
        TreeMap<Double, Double> buckets = new TreeMap<>(cumulative);
        if (!buckets.containsKey(Double.POSITIVE_INFINITY) || buckets.size() < 2) {
            return Double.NaN;
        }
        double total = buckets.get(Double.POSITIVE_INFINITY);
        if (total == 0) {
            return Double.NaN;
        }
        double rank = q * total;
        double lowerBound = 0;
        double below = 0;
        for (Map.Entry<Double, Double> b : buckets.entrySet()) {
            if (b.getValue() >= rank) {
                if (b.getKey() == Double.POSITIVE_INFINITY) {
                    return buckets.lowerKey(Double.POSITIVE_INFINITY);
                }
                return lowerBound + (b.getKey() - lowerBound) * ((rank - below) / (b.getValue() - below));
            }
            lowerBound = b.getKey();
            below = b.getValue();
        }
        return Double.NaN;
    }
}

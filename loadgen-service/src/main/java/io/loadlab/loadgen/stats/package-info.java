/**
 * Statistics for figures measured more than once: the median of repeats and a percentile-bootstrap confidence
 * interval around it, and whether two intervals overlap (a difference the noise can explain).
 * <p>
 * Why: on a shared machine one figure moves by tens of percent between runs (nginx alone measured from 102k to
 * 163k requests/s within an hour, issue 14), so a ratio of two single runs says nothing by itself. The bootstrap
 * assumes nothing about the shape of that noise, which is lopsided (a noisy neighbour only ever takes away).
 * <p>
 * Pure Java: depends on nothing but the JDK. The random source is always passed in, so every interval is
 * reproducible from its inputs and a seed.
 */
package io.loadlab.loadgen.stats;

/**
 * A request mix, the part of traffic shaping that is not the wire: which requests a run sends and in what
 * proportion ({@link io.loadlab.loadgen.mix.RequestSpec}, {@link io.loadlab.loadgen.mix.WeightedSequence}), the
 * {@code ${name}} placeholders in them ({@link io.loadlab.loadgen.mix.TemplateText}) and the values that fill them
 * ({@link io.loadlab.loadgen.mix.ValueSpec}, resolved into a {@link io.loadlab.loadgen.mix.ValueTable} from a
 * range, an inline list or a data file found through {@link io.loadlab.loadgen.mix.DataFiles}). Values are packed
 * ({@link io.loadlab.loadgen.mix.PackedValues}: one array of bytes, one of ends), and built only when the heap has room
 * for them ({@link io.loadlab.loadgen.mix.HeapRoom}): what would not fit is a violation naming its field.
 * <p>
 * Every choice a run makes is drawn from streams derived from the spec's {@code seed}
 * ({@link io.loadlab.loadgen.mix.SeedStreams}), one per connection (HTTP/2: per stream) and per agent, so the same
 * spec sends the same sequence on each connection.
 * <p>
 * Pure Java: below the kinds (http renders it into bytes), free of Quarkus, Vert.x and Netty. May depend on
 * {@code run} (violations) only.
 */
package io.loadlab.loadgen.mix;

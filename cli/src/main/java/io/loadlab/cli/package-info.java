/**
 * The command line, {@code bin/loadlab run|experiment spec.json [options]}: reads its arguments
 * ({@link io.loadlab.cli.Options}), posts the spec, follows the job, prints its report and gate, writes the files
 * asked for and exits with the gate's code ({@link io.loadlab.cli.Cli}). The subpackages do each part.
 * <p>
 * May depend on: the JDK, Jackson and its own subpackages. No Quarkus, Vert.x or Netty: it runs on any JDK 17 beside
 * a pipeline, with one shaded jar.
 */
package io.loadlab.cli;

/**
 * sockperf's wire format, which both services speak: the loadgen writes it and reads the pongs, the target's
 * reflector classifies and answers it. One copy, so the two cannot drift apart (they did: each had its own flags).
 * <p>Depends on the JDK alone ({@link java.nio.ByteBuffer}); no Quarkus, Vert.x or Netty types.
 */
package io.loadlab.common.sockperf;

/** Classes that build Caffeine caches, registered and not, for the Caffeine guard to judge. */
package io.loadlab.nativeguards.caffeine;

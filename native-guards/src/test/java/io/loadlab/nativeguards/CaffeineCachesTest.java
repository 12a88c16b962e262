package io.loadlab.nativeguards;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.loadlab.nativeguards.caffeine.RegisteredCache;
import io.loadlab.nativeguards.caffeine.UnregisteredCache;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Caffeine guard finds every builder and names, for each cache, the generated classes nothing registers. */
class CaffeineCachesTest {

    private static final String PACKAGE = "io.loadlab.nativeguards.caffeine";
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS).importPackages(PACKAGE);

    @Test
    void findsTheClassesThatBuildCaches() {
        assertEquals(List.of(RegisteredCache.class.getName(), UnregisteredCache.class.getName()),
                List.copyOf(CaffeineCaches.builders(CLASSES)));
    }

    /** The two classes the native target lacked in issue 48, read off the cache itself. */
    @Test
    void readsTheGeneratedCacheAndNodeClassesOffABuiltCache() {
        assertEquals(List.of("com.github.benmanes.caffeine.cache.PSWMW", "com.github.benmanes.caffeine.cache.SSSMWW"),
                List.copyOf(CaffeineCaches.generatedClasses(new UnregisteredCache().build())));
        assertEquals(List.of("com.github.benmanes.caffeine.cache.PSMS", "com.github.benmanes.caffeine.cache.SSMS"),
                List.copyOf(CaffeineCaches.generatedClasses(new RegisteredCache().build())));
    }

    @Test
    void namesTheUnregisteredClassesOfTheCacheThatLacksThem() {
        AssertionError e = assertThrows(AssertionError.class, () -> NativeChecks.assertCaffeineCachesRegistered(CLASSES,
                Map.of(RegisteredCache.class, new RegisteredCache().build(),
                        UnregisteredCache.class, new UnregisteredCache().build())));
        assertTrue(e.getMessage().contains(UnregisteredCache.class.getName() + "'s cache needs Caffeine's generated"
                + " [com.github.benmanes.caffeine.cache.PSWMW, com.github.benmanes.caffeine.cache.SSSMWW]"), e.getMessage());
        assertFalse(e.getMessage().contains(RegisteredCache.class.getName()), e.getMessage());
    }

    @Test
    void aBuilderTheCheckIsNotShownFails() {
        AssertionError e = assertThrows(AssertionError.class, () -> NativeChecks.assertCaffeineCachesRegistered(CLASSES,
                Map.of(RegisteredCache.class, new RegisteredCache().build())));
        assertTrue(e.getMessage().startsWith(UnregisteredCache.class.getName()
                + " builds a Caffeine cache the check is not shown"), e.getMessage());
    }

    @Test
    void registeredCachesPass() {
        JavaClasses registeredOnly = new ClassFileImporter().importClasses(RegisteredCache.class);
        NativeChecks.assertCaffeineCachesRegistered(registeredOnly, Map.of(RegisteredCache.class, new RegisteredCache().build()));
    }

    @Test
    void somethingThatIsNoCaffeineCacheIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> CaffeineCaches.generatedClasses(new Object()));
    }
}

package io.loadlab.nativeguards;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The template guard names each name no declaration types, and nothing a declared or section-bound name reaches. */
class TemplateTypingTest {

    /** The shapes the loadgen's pages use: loops and their metadata, each, let, include parameters, literals. */
    private static final String TYPED = """
            {@io.loadlab.x.RunView run}
            {@java.util.List<io.loadlab.x.RunView> views}
            {#include base}
            {#title}Run {run.id}{/title}
            {! a comment naming nobody !}
            {#insert charts}{}{/insert}
            {#include gate gate=run.gate /}
            {#if !run.finished && run.state != null}<p>{run.state ?: 'none'}</p>{#else}<p>done</p>{/if}
            {#for v in views}{v.id}{#if !v_isFirst}{run.diff.get(v_index).fmt(2)}{/if}{/for}
            {#each run.names}{it}{#if it_hasNext}, {/if}{/each}
            {#let shown=run.figure}{shown.text.perSecond('/s')}{/let}
            {#when run.state}{#is 'done'}{inject:clock.now} {config:app.name}{/when}
            <style>p { color: red; }</style>
            {/include}
            """;

    @Test
    void aTemplateWhoseEveryNameIsDeclaredOrBoundPasses() {
        assertEquals(List.of(), TemplateTyping.problems("run.html", TYPED));
    }

    @Test
    void anUndeclaredNameIsNamedWhereverItIsUsed() {
        // run.html as it was when native answered 500: no declaration, so nothing of it was typed
        List<String> problems = TemplateTyping.problems("run.html", """
                {#include base}
                {#for f in run.figures.headline}{f.name}{/for}
                {#if extra}{#else if other}{/if}{#include gate gate=page.gate /}
                {#when state}{/when}
                {/include}
                """);
        assertEquals(List.of(
                "run.html: {run...} is not declared: add {@<type> run} so the build types it",
                "run.html: {extra...} is not declared: add {@<type> extra} so the build types it",
                "run.html: {other...} is not declared: add {@<type> other} so the build types it",
                "run.html: {page...} is not declared: add {@<type> page} so the build types it",
                "run.html: {state...} is not declared: add {@<type> state} so the build types it"), problems);
    }

    @Test
    void aDeclarationTheBuildCannotResolveIsRefused() {
        List<String> problems = TemplateTyping.problems("x.html", """
                {@java.lang.Object a}{@com.fasterxml.jackson.databind.JsonNode b}{@java.util.Map<java.lang.String, java.lang.Object> c}
                {@java.util.List d}{@java.util.Map<java.lang.String, java.lang.String> e}
                {a}{b.x}{c.y}{d.size}{e.z}
                """);
        assertEquals(4, problems.size(), String.join("\n", problems));
        assertTrue(problems.stream().noneMatch(p -> p.contains(" e}")), String.join("\n", problems));
    }

    @Test
    void theCheckReadsEveryTemplateOfADirectoryAndRefusesAnEmptyOne(@TempDir Path dir) throws IOException {
        AssertionError empty = assertThrows(AssertionError.class, () -> NativeChecks.assertTemplatesTyped(dir));
        assertTrue(empty.getMessage().contains("no template under"), empty.getMessage());
        Files.writeString(dir.resolve("typed.html"), TYPED);
        NativeChecks.assertTemplatesTyped(dir);
        Files.createDirectories(dir.resolve("tags"));
        Files.writeString(dir.resolve("tags/row.html"), "<tr>{row.name}</tr>");
        AssertionError untyped = assertThrows(AssertionError.class, () -> NativeChecks.assertTemplatesTyped(dir));
        assertTrue(untyped.getMessage().startsWith("1 untyped template name(s)")
                && untyped.getMessage().contains("tags/row.html: {row...}"), untyped.getMessage());
    }
}

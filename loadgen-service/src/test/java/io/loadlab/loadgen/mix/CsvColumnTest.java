package io.loadlab.loadgen.mix;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CsvColumnTest {

    private static List<String> read(String csv, String column) throws IOException {
        return CsvColumn.read(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), column).toList();
    }

    private static CsvException fault(String csv, String column) {
        return assertThrows(CsvException.class, () -> read(csv, column));
    }

    @Test
    void picksTheNamedColumnInFileOrder() throws IOException {
        assertEquals(List.of("1", "2", "3"), read("name,id\r\na,1\r\nb,2\r\nc,3\r\n", "id"));
        assertEquals(List.of("a", "b"), read("name,id\na,1\nb,2", "name"));
    }

    @Test
    void quotedFieldsKeepCommasQuotesLineBreaksAndNonAscii() throws IOException {
        String csv = "\uFEFFid,text\n1,\"a, b\"\n2,\"say \"\"hi\"\"\"\n3,\"two\r\nlines\"\n4,\"back\\slash ünï 字\"\n5,\"\"\n";
        assertEquals(List.of("a, b", "say \"hi\"", "two\r\nlines", "back\\slash ünï 字", ""), read(csv, "text"));
        assertEquals(List.of("1", "2", "3", "4", "5"), read(csv, "id"), "a leading BOM is not part of the first column's name");
    }

    @Test
    void aFileOfOneColumnNeedsNoColumnNameAndBlankLinesAreSkipped() throws IOException {
        assertEquals(List.of("7", "8"), read("id\n7\n\n8\n\n", null));
    }

    @Test
    void aFileOfSeveralColumnsNeedsTheColumnNamed() {
        CsvException e = fault("a,b\n1,2\n", null);
        assertTrue(e.aboutColumn());
        assertEquals("ids.csv: has 2 columns (a, b): name the one to read", e.describe("ids.csv"));
        CsvException missing = fault("a,b\n1,2\n", "c");
        assertTrue(missing.aboutColumn());
        assertEquals("ids.csv: has no column 'c' (its columns: a, b)", missing.describe("ids.csv"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "a row with a field too many       | id,x\\n1,2\\n3,4,5\\n   | 3 | has 3 fields, the header 2",
            "a row with a field too few        | id,x\\n1,2\\n\\n3\\n    | 4 | has 1 fields, the header 2",
            "an unterminated quote             | id,x\\n1,2\\n3,\"open\\n | 3 | never closed",
            "a quote inside an unquoted field  | id,x\\n1,a\"b\\n         | 2 | quote inside an unquoted field",
            "text after a closing quote        | id,x\\n1,\"a\"b\\n       | 2 | text after a quoted field",
            "a line number past a quoted break | id,x\\n1,\"a\\nb\"\\n2\\n | 4 | has 1 fields",
    })
    void malformedLinesAreNamed(String what, String csv, int line, String message) {
        CsvException e = fault(csv.replace("\\n", "\n"), "id");
        assertEquals(line, e.line(), what);
        assertTrue(e.describe("f.csv").startsWith("f.csv line " + line + ": "), e.describe("f.csv"));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void emptyFilesHeadersWithoutRowsAndNonUtf8AreRefused() {
        assertTrue(fault("", "id").getMessage().contains("is empty"));
        assertTrue(fault("id\n", "id").getMessage().contains("no rows"));
        CsvException latin1 = assertThrows(CsvException.class, () -> CsvColumn.read(
                new ByteArrayInputStream(new byte[] {'i', 'd', '\n', (byte) 0xE9, '\n'}), null));
        assertTrue(latin1.getMessage().contains("not UTF-8"));
    }

    @Test
    void aValueOverTheBoundIsRefusedWhileOtherColumnsAreOnlySkipped() throws IOException {
        String big = "x".repeat(ValueSpec.MAX_VALUE_BYTES + 1);
        assertEquals(List.of("1"), read("id,blob\n1," + big + "\n", "id"));
        assertTrue(fault("id,blob\n1," + big + "\n", "blob").getMessage().contains("over " + ValueSpec.MAX_VALUE_BYTES));
    }

    /** Issue 42: the bound counted characters in a file and bytes in a list; in bytes both, 'é' being two. */
    @Test
    void theBoundCountsUtf8Bytes() throws IOException {
        String fits = "\u00e9".repeat(ValueSpec.MAX_VALUE_BYTES / 2);
        assertEquals(List.of(fits), read("v\n" + fits + "\n", "v"));
        assertTrue(fault("v\n" + fits + "x\n", "v").getMessage().contains("over " + ValueSpec.MAX_VALUE_BYTES + " bytes"));
        String pairs = "\ud83d\ude00".repeat(ValueSpec.MAX_VALUE_BYTES / 4); // 4 bytes each
        assertEquals(List.of(pairs), read("v\n" + pairs + "\n", "v"));
        assertTrue(fault("v\n" + pairs + "x\n", "v").getMessage().contains("over"));
    }

    @Test
    void moreRowsThanAFileMayHaveAreRefusedOnTheFirstOneOver() {
        byte[] row = "1\n".getBytes(StandardCharsets.UTF_8);
        List<InputStream> parts = new ArrayList<>();
        parts.add(new ByteArrayInputStream("id\n".getBytes(StandardCharsets.UTF_8)));
        IntStream.range(0, ValueSpec.MAX_VALUES + 1).forEach(i -> parts.add(new ByteArrayInputStream(row)));
        CsvException e = assertThrows(CsvException.class,
                () -> CsvColumn.read(new SequenceInputStream(Collections.enumeration(parts)), "id"));
        assertEquals(ValueSpec.MAX_VALUES + 2, e.line());
    }
}

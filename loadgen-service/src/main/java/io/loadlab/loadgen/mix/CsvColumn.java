package io.loadlab.loadgen.mix;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one column of a CSV file (RFC 4180: fields separated by commas, quoted with {@code "} where they hold a comma,
 * quote or line break, a quote inside written {@code ""}; lines end in CRLF or LF; UTF-8, a leading BOM skipped).
 * The first line is the header, always. Blank lines are skipped (a file's trailing one is common; an empty id is not
 * a value anyone sends). Streaming and bounded: only the chosen column's values are kept, packed
 * ({@link PackedValues}), each at most {@link ValueSpec#MAX_VALUE_BYTES}, at most {@link ValueSpec#MAX_VALUES} rows
 * and {@link #MAX_COLUMNS} columns.
 * Every fault is a {@link CsvException} naming the line it is on.
 */
public final class CsvColumn {

    /** Columns a header may have: a data file is a table of ids and values, not a spreadsheet. */
    public static final int MAX_COLUMNS = 1024;
    private static final int EOF = -1;

    private final Reader in;
    private final StringBuilder field = new StringBuilder();
    /** The kept field of the record last read: packed only once the record is whole and right. */
    private final StringBuilder kept = new StringBuilder();
    /** The field's length in UTF-8 bytes, which the cap counts, as it does for a list's values. */
    private int fieldBytes;
    private int line = 1;
    private int pending = -2;

    private CsvColumn(InputStream in) {
        this.in = new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
    }

    /**
     * The values of column {@code column} (null: the file must have exactly one column), in file order, packed.
     *
     * @throws CsvException for a malformed file, a missing column, or one past the bounds
     */
    public static PackedValues read(InputStream in, String column) throws IOException {
        return read(in, column, 64 * 1024);
    }

    /**
     * As {@link #read(InputStream, String)}, for a file of {@code fileBytes} bytes: its values' bytes are no more than
     * its own and its rows no more than one per two bytes, so the values are packed where they are read, never grown.
     */
    public static PackedValues read(InputStream in, String column, long fileBytes) throws IOException {
        try {
            return new CsvColumn(in).values(column, fileBytes);
        } catch (CharacterCodingException e) {
            throw new CsvException(0, "is not UTF-8 text", false);
        }
    }

    /** The most rows a file of {@code fileBytes} bytes can hold: a value and its line break each, at most the cap. */
    public static long maxRows(long fileBytes) {
        return Math.min(ValueSpec.MAX_VALUES, fileBytes / 2 + 1);
    }

    private PackedValues values(String column, long fileBytes) throws IOException {
        if (peek() == '\uFEFF') {
            next();
        }
        List<String> header = new ArrayList<>();
        if (!record(header)) {
            throw new CsvException(0, "is empty: its first line must name the columns", false);
        }
        int index = columnOf(header, column);
        PackedValues.Builder values = new PackedValues.Builder((int) Math.min(Integer.MAX_VALUE - 8, fileBytes),
                (int) maxRows(fileBytes));
        while (true) {
            int start = line;
            int count = recordKeeping(index);
            if (count < 0) {
                break;
            }
            if (count == 0) {
                continue;
            }
            if (count != header.size()) {
                throw new CsvException(start, "has " + count + " fields, the header " + header.size(), false);
            }
            if (values.size() == ValueSpec.MAX_VALUES) {
                throw new CsvException(start, "is past the most rows a file may have, " + ValueSpec.MAX_VALUES, false);
            }
            values.append(kept).end();
        }
        if (values.size() == 0) {
            throw new CsvException(0, "has a header and no rows", false);
        }
        return values.build();
    }

    private static int columnOf(List<String> header, String column) {
        if (column == null) {
            if (header.size() != 1) {
                throw new CsvException(0, "has " + header.size() + " columns (" + shown(header)
                        + "): name the one to read", true);
            }
            return 0;
        }
        int index = header.indexOf(column);
        if (index < 0) {
            throw new CsvException(0, "has no column '" + column + "' (its columns: " + shown(header) + ")", true);
        }
        return index;
    }

    private static String shown(List<String> header) {
        String all = String.join(", ", header);
        return all.length() <= 200 ? all : all.substring(0, 200) + "...";
    }

    /** Reads one record keeping every field (the header); false at the end of the file. */
    private boolean record(List<String> fields) throws IOException {
        while (true) {
            if (peek() == EOF) {
                return false;
            }
            if (blankLine()) {
                continue;
            }
            do {
                if (fields.size() == MAX_COLUMNS) {
                    throw new CsvException(line, "has more than " + MAX_COLUMNS + " columns", false);
                }
                field(true);
                fields.add(field.toString());
            } while (separator());
            return true;
        }
    }

    /**
     * Reads one record keeping field {@code index} only, in {@link #kept}; its field count, 0 for a blank line, -1 at
     * the end.
     */
    private int recordKeeping(int index) throws IOException {
        if (peek() == EOF) {
            return -1;
        }
        if (blankLine()) {
            return 0;
        }
        int count = 0;
        do {
            field(count == index);
            if (count == index) {
                kept.setLength(0);
                kept.append(field);
            }
            count++;
            if (count > MAX_COLUMNS) {
                throw new CsvException(line, "has more than " + MAX_COLUMNS + " fields", false);
            }
        } while (separator());
        return count;
    }

    /** Consumes a line ending at the reader's position: true when the line was empty. */
    private boolean blankLine() throws IOException {
        int c = peek();
        if (c == '\n' || c == '\r') {
            endOfLine();
            return true;
        }
        return false;
    }

    /** After a field: true for a comma, false at a line's end (consumed) or the file's. */
    private boolean separator() throws IOException {
        int c = peek();
        if (c == ',') {
            next();
            return true;
        }
        if (c != EOF) {
            endOfLine();
        }
        return false;
    }

    private void endOfLine() throws IOException {
        if (next() == '\r' && peek() == '\n') {
            next();
        }
        line++;
    }

    /** Reads one field into {@link #field} (kept) or past it, quoted or not, up to its comma or line end. */
    private void field(boolean keep) throws IOException {
        field.setLength(0);
        fieldBytes = 0;
        if (peek() != '"') {
            for (int c = peek(); c != ',' && c != '\n' && c != '\r' && c != EOF; c = peek()) {
                if (c == '"') {
                    throw new CsvException(line, "has a quote inside an unquoted field (quote the whole field and write it \"\")", false);
                }
                append(keep, (char) next());
            }
            return;
        }
        int opened = line;
        next();
        while (true) {
            int c = next();
            if (c == EOF) {
                throw new CsvException(opened, "opens a quoted field that is never closed", false);
            }
            if (c == '"') {
                if (peek() != '"') {
                    int after = peek();
                    if (after != ',' && after != '\n' && after != '\r' && after != EOF) {
                        throw new CsvException(line, "has text after a quoted field's closing quote", false);
                    }
                    return;
                }
                next();
            } else if (c == '\n' || (c == '\r' && peek() != '\n')) {
                line++;
            }
            append(keep, (char) c);
        }
    }

    private void append(boolean keep, char c) {
        if (!keep) {
            return;
        }
        // bytes, not characters (issue 42: 8,192 two-byte characters passed a cap of 8 KiB); a surrogate pair is 4
        fieldBytes += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        if (fieldBytes > ValueSpec.MAX_VALUE_BYTES) {
            throw new CsvException(line, "has a value over " + ValueSpec.MAX_VALUE_BYTES + " bytes", false);
        }
        field.append(c);
    }

    private int peek() throws IOException {
        if (pending == -2) {
            pending = in.read();
        }
        return pending;
    }

    private int next() throws IOException {
        int c = peek();
        pending = -2;
        return c;
    }
}

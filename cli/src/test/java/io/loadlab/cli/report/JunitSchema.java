package io.loadlab.cli.report;

import org.w3c.dom.Document;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.validation.SchemaFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/** Validates JUnit XML against {@code junit.xsd} (test resources) with the JDK's validating parser; the parsed DOM. */
public final class JunitSchema {

    private JunitSchema() {
    }

    /** The document, once it parsed and validated; an AssertionError with the parser's message otherwise. */
    public static Document valid(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        var schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(JunitSchema.class.getResource("/junit.xsd"));
        try {
            schema.newValidator().validate(new DOMSource(doc));
        } catch (SAXException e) {
            throw new AssertionError("not valid JUnit XML: " + e.getMessage() + "\n" + xml, e);
        }
        return doc;
    }
}

package io.loadlab.common.tls;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Makes X.509 certificates on EC P-256 keys signed with SHA256withECDSA: self-signed ones for a server, a CA, and
 * leaves a CA issues. Validity is given as instants, so a test makes an expired certificate by passing a past
 * interval and the caller's clock decides what "now" is. Server names are subject alternative names: an entry that
 * is an IPv4 or IPv6 literal becomes an IP address SAN, anything else a DNS name; the first is also the subject CN.
 * Stateless; each call draws a fresh key pair and a random 63-bit serial.
 */
public final class Certificates {

    // a literal IPv4 address or anything with a colon (IPv6); host names never contain a colon
    private static final Pattern IP_LITERAL = Pattern.compile("(\\d{1,3}\\.){3}\\d{1,3}|.*:.*");

    private Certificates() {
    }

    /** A self-signed server certificate for {@code names} (at least one), valid from {@code notBefore} to {@code notAfter}. */
    public static IssuedCertificate selfSigned(List<String> names, Instant notBefore, Instant notAfter) {
        KeyPair pair = keyPair();
        return new IssuedCertificate(build(subject(names), pair.getPublic(), subject(names), pair, names, false, notBefore, notAfter),
                pair.getPrivate());
    }

    /** A certificate authority named {@code commonName}, able to issue leaves with {@link #leaf}. */
    public static IssuedCertificate authority(String commonName, Instant notBefore, Instant notAfter) {
        KeyPair pair = keyPair();
        X500Name name = new X500Name("CN=" + commonName);
        return new IssuedCertificate(build(name, pair.getPublic(), name, pair, List.of(), true, notBefore, notAfter), pair.getPrivate());
    }

    /** A server certificate for {@code names}, issued (signed) by {@code authority}. */
    public static IssuedCertificate leaf(IssuedCertificate authority, List<String> names, Instant notBefore, Instant notAfter) {
        Objects.requireNonNull(authority, "authority");
        KeyPair pair = keyPair();
        X500Name issuer = X500Name.getInstance(authority.certificate().getSubjectX500Principal().getEncoded());
        KeyPair signer = new KeyPair(authority.certificate().getPublicKey(), authority.key());
        return new IssuedCertificate(build(subject(names), pair.getPublic(), issuer, signer, names, false, notBefore, notAfter),
                pair.getPrivate());
    }

    private static X500Name subject(List<String> names) {
        if (names == null || names.isEmpty() || names.stream().anyMatch(n -> n == null || n.isBlank())) {
            throw new IllegalArgumentException("a server certificate needs at least one name, none blank: " + names);
        }
        return new X500Name("CN=" + names.get(0).replaceAll("[,+=\"\\\\<>;]", "_"));
    }

    private static X509Certificate build(X500Name subject, PublicKey key, X500Name issuer, KeyPair signer, List<String> names,
                                         boolean authority, Instant notBefore, Instant notAfter) {
        if (!notBefore.isBefore(notAfter)) {
            throw new IllegalArgumentException("notBefore " + notBefore + " must be before notAfter " + notAfter);
        }
        try {
            JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer, new BigInteger(63, new SecureRandom()),
                    Date.from(notBefore), Date.from(notAfter), subject, key)
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(authority))
                    .addExtension(Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(key))
                    .addExtension(Extension.authorityKeyIdentifier, false, ext.createAuthorityKeyIdentifier(signer.getPublic()));
            if (authority) {
                builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            } else {
                builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                        .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth))
                        .addExtension(Extension.subjectAlternativeName, false, sans(names));
            }
            return new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer.getPrivate())));
        } catch (GeneralSecurityException | OperatorCreationException | CertIOException e) {
            throw new IllegalStateException("could not build a certificate for " + subject, e);
        }
    }

    private static GeneralNames sans(List<String> names) {
        return new GeneralNames(names.stream()
                .map(n -> new GeneralName(IP_LITERAL.matcher(n).matches() ? GeneralName.iPAddress : GeneralName.dNSName, n))
                .toArray(GeneralName[]::new));
    }

    private static KeyPair keyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException | java.security.InvalidAlgorithmParameterException e) {
            throw new IllegalStateException("every JDK has EC P-256", e);
        }
    }
}

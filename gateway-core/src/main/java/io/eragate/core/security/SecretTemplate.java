package io.eragate.core.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Configured values that hold secrets by reference: {@code ${env:NAME}} is the gateway's environment variable NAME,
 * {@code ${file:/path}} the content of a file (one trailing line break dropped), anywhere in the text, as in
 * {@code "Bearer ${env:CRM_TOKEN}"}. Resolved once at start-up; the resolved value is never logged, and a failure
 * names the reference, never a value.
 */
public final class SecretTemplate {

    private static final Pattern REFERENCE = Pattern.compile("\\$\\{(env|file):([^}]*)}");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** The largest secret file read; a credential is small, anything bigger is a mistake. */
    static final int MAX_FILE_BYTES = 64 * 1024;

    private SecretTemplate() {
    }

    /** Why {@code template} is not well-formed, or null when it is: every {@code ${} must start a reference. */
    public static String problem(String template) {
        Matcher matcher = REFERENCE.matcher(template);
        int from = 0;
        while (matcher.find()) {
            if (template.substring(from, matcher.start()).contains("${")) {
                return "has a \"${\" that is not ${env:NAME} or ${file:/absolute/path}";
            }
            String argument = matcher.group(2);
            if ("env".equals(matcher.group(1)) && !ENV_NAME.matcher(argument).matches()) {
                return "names an invalid environment variable in ${env:...}";
            }
            if ("file".equals(matcher.group(1)) && !argument.startsWith("/")) {
                return "needs an absolute path in ${file:...}";
            }
            from = matcher.end();
        }
        return template.substring(from).contains("${")
                ? "has a \"${\" that is not ${env:NAME} or ${file:/absolute/path}" : null;
    }

    /** Whether {@code template} refers to anything (else it is a literal value). */
    public static boolean hasReference(String template) {
        return REFERENCE.matcher(template).find();
    }

    /**
     * The value of {@code template}.
     *
     * @param env the environment ({@code System::getenv})
     * @param files reads a file's text ({@link #readFile})
     * @throws IllegalArgumentException naming the reference that cannot be resolved
     */
    public static String resolve(String template, Function<String, String> env, Function<Path, String> files) {
        Objects.requireNonNull(template, "template");
        Matcher matcher = REFERENCE.matcher(template);
        StringBuilder value = new StringBuilder();
        while (matcher.find()) {
            String argument = matcher.group(2);
            String resolved = "env".equals(matcher.group(1)) ? env.apply(argument) : files.apply(Path.of(argument));
            if (resolved == null) {
                throw new IllegalArgumentException("environment variable " + argument + " is not set");
            }
            matcher.appendReplacement(value, Matcher.quoteReplacement(resolved));
        }
        matcher.appendTail(value);
        return value.toString();
    }

    /** The text of a secret file without its trailing line break. */
    public static String readFile(Path file) {
        try {
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new IllegalArgumentException("secret file " + file + " is larger than " + MAX_FILE_BYTES
                        + " bytes");
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            return text.endsWith("\r\n") ? text.substring(0, text.length() - 2)
                    : text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read secret file " + file + ": " + e.getClass().getSimpleName());
        }
    }
}

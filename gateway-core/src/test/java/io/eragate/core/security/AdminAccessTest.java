package io.eragate.core.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which admin requests are served, by path, Origin and Host; the allowed hosts are the default ones. */
class AdminAccessTest {
    private static final AdminAccess ACCESS = new AdminAccess(OriginPolicy.of(
            List.of("http://127.0.0.1", "https://127.0.0.1", "http://localhost", "https://localhost"),
            List.of("127.0.0.1", "localhost")));

    private static List<String> values(String cell) {
        return cell == null ? List.of() : Arrays.asList(cell.split("\\|"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', nullValues = "-", textBlock = """
        eras from localhost    ; /admin/eras ; -                     ; localhost:9090    ; -
        eras from 127.0.0.1    ; /admin/eras ; -                     ; 127.0.0.1:9090    ; -
        rebinding page         ; /admin/eras ; -                     ; evil.example:9090 ; Host "evil.example:9090"
        foreign Origin         ; /admin/eras ; http://evil.example   ; localhost:9090    ; Origin "http://evil.example"
        local Origin           ; /admin/eras ; http://localhost:9090 ; localhost:9090    ; -
        eras without a Host    ; /admin/eras ; -                     ; -                 ; Host header is missing
        dashboard, rebinding   ; /           ; -                     ; evil.example      ; Host "evil.example"
        another admin page     ; /admin/x    ; -                     ; 10.0.0.7:9090     ; Host "10.0.0.7:9090"
        health probe by IP     ; /healthz    ; -                     ; 10.0.0.7:9090     ; -
        readiness probe by IP  ; /readyz     ; -                     ; 10.0.0.7:9090     ; -
        scrape by pod IP       ; /metrics    ; -                     ; 10.0.0.7:9090     ; -
        scrape, foreign Origin ; /metrics    ; http://evil.example   ; 10.0.0.7:9090     ; -
        """)
    void decides(String what, String path, String origin, String host, String refusal) {
        Optional<String> verdict = ACCESS.refusal(path, values(origin), values(host));

        if (refusal == null) {
            assertThat(verdict).as(what).isEmpty();
        } else {
            assertThat(verdict).as(what).get().asString().contains(refusal);
        }
    }
}

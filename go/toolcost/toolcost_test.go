package toolcost

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// root is the repository's root, two folders up from this package.
const root = "../.."

// oz0Binary returns the oz0 binary the numbers are held to: OZ0_BIN, which scripts/test sets, else the
// debug build of the repository. Without one the test fails saying so: it is never skipped.
func oz0Binary(t *testing.T) string {
	t.Helper()
	if path := os.Getenv("OZ0_BIN"); path != "" {
		return path
	}
	path := filepath.Join(root, "target", "debug", "oz0")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no oz0 binary to compare with: build it (cargo build) or set OZ0_BIN")
	}
	return path
}

// counts returns `oz0 fit --count` of each file, running the binary once for each 400 of them.
func counts(t *testing.T, paths []string) []int {
	t.Helper()
	bin := oz0Binary(t)
	var out []int
	for start := 0; start < len(paths); start += 400 {
		batch := paths[start:minOf(start+400, len(paths))]
		args := append([]string{"fit", "--count", "--format", "json", "--"}, batch...)
		cmd := exec.Command(bin, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.Output()
		if err != nil {
			t.Fatalf("oz0 fit --count failed: %v: %s", err, stderr.String())
		}
		var answer struct {
			Files []struct {
				Name  string `json:"name"`
				Count int    `json:"count"`
			} `json:"files"`
		}
		if err := json.Unmarshal(stdout, &answer); err != nil {
			t.Fatalf("oz0 fit --count printed no JSON: %v", err)
		}
		if len(answer.Files) != len(batch) {
			t.Fatalf("oz0 answered %d files of %d", len(answer.Files), len(batch))
		}
		for i, file := range answer.Files {
			if file.Name != batch[i] {
				t.Fatalf("oz0 answered %s for %s", file.Name, batch[i])
			}
			out = append(out, file.Count)
		}
	}
	return out
}

func minOf(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// compare holds Count of each file to the binary's.
func compare(t *testing.T, paths []string) {
	t.Helper()
	expected := counts(t, paths)
	differ := 0
	for i, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := Count(string(data)); got != expected[i] {
			differ++
			if differ <= 10 {
				t.Errorf("%s: Count is %d, oz0 fit --count %d", path, got, expected[i])
			}
		}
	}
	if differ > 0 {
		t.Fatalf("%d of %d documents differ", differ, len(paths))
	}
	t.Logf("%d documents, the same count as oz0", len(paths))
}

func TestCountIsOz0sOnEveryCorpusDocument(t *testing.T) {
	var paths []string
	err := filepath.Walk(filepath.Join(root, "corpus"), func(path string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			paths = append(paths, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	if len(paths) < 2000 {
		t.Fatalf("the corpus has %d documents: is this the repository?", len(paths))
	}
	compare(t, paths)
}

func TestCountIsOz0sOnWhatTheEstimateMustGetRight(t *testing.T) {
	cases := []string{
		"",
		"a",
		" ",
		"\n",
		"How do I install Acme on Linux?",
		strings.Repeat(" ", 64),
		strings.Repeat(" ", 65),
		strings.Repeat(" ", 300) + "x",
		"x" + strings.Repeat("\t", 200),
		strings.Repeat("\n", 70) + strings.Repeat(" ", 70) + "end",
		"a" + strings.Repeat("\u00a0", 100) + "b",
		strings.Repeat("\u3000", 80),
		strings.Repeat(" \u2003", 50),
		"東京都の天気は晴れです。明日は雨が降るでしょう。",
		"Привет, мир! Как дела?",
		"emoji 😀🎉 and more 👩‍👩‍👧‍👦",
		"{\"key\": [1, 2.5e10, true, null], \"nested\": {\"a\": \"b\"}}",
		"fn main() {\n    println!(\"{}\", 1 + 2);\n}\n",
		strings.Repeat("word ", 2000),
		strings.Repeat("0123456789", 300),
		"\r\n\r\n" + strings.Repeat("-", 120) + "\r\n",
	}
	dir := t.TempDir()
	var paths []string
	for i, text := range cases {
		path := filepath.Join(dir, "case-"+string(rune('a'+i%26))+string(rune('a'+i/26))+".txt")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	compare(t, paths)
	if Count("") != 0 || Count("a") < 1 {
		t.Fatalf("the empty text is 0 tokens and any other at least 1")
	}
}

func TestTheEmbeddedTableIsTheTrainedOne(t *testing.T) {
	trained, err := os.ReadFile(filepath.Join(root, "crates", "oz0-core", "src", "fit", "tokens", "cl100k.table"))
	if err != nil {
		t.Fatal(err)
	}
	reader, err := zlib.NewReader(bytes.NewReader(compressed))
	if err != nil {
		t.Fatal(err)
	}
	embedded, err := io.ReadAll(reader)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(embedded, trained) {
		t.Fatalf("cl100k.table.z is not the trained table: run scripts/embed-go-table")
	}
}

func BenchmarkCount(b *testing.B) {
	text := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 2000)
	b.SetBytes(int64(len(text)))
	for i := 0; i < b.N; i++ {
		Count(text)
	}
}

// Package toolcost estimates how many cl100k tokens a text is, giving the same numbers as the
// platform's estimate: `oz0 fit --count`, the Rust crate oz0-core and the Python module oz0.fit.
//
// The estimate scores each byte of the text by the bytes before it and the byte after it, from a table
// trained on text of many languages and formats (cl100k.table.z, the zlib of the table oz0 embeds), and
// sums the scores: about 3% off a real tokenizer on average. A byte of white space past a run's 64th
// character scores by a rate of its own.
//
//	n := toolcost.Count("How do I install Acme on Linux?")
package toolcost

import (
	"bytes"
	"compress/zlib"
	_ "embed"
	"encoding/binary"
	"fmt"
	"io"
	"sync"
)

//go:embed cl100k.table.z
var compressed []byte

const (
	// history is how many bytes of the text the meter keeps: those the longest context reads.
	history = 8
	// run is the white-space characters of a run that the table scores; those after it score by rate.
	run = 64
	// shift is the fixed-point scores' fraction bits.
	shift  = 8
	keys   = 1 << 18
	logits = 1024
	// end stands for the byte after the last one.
	end  = 256
	m32  = 0xFFFFFFFF
	ones = 0x0101_0101_0101_0101
)

// level is one of the table's residual levels: which bytes of the history it reads, and its residuals.
type level struct {
	masks     [8]uint64
	shift     uint32
	residuals []byte
}

// table is the trained table, decoded once.
type table struct {
	next        [257]byte
	start       byte
	rates       [256]int64
	probability []byte
	logits      []byte
	levels      [3]level
	hash        [3]uint64
}

var (
	once    sync.Once
	decoded *table
	failed  error
)

// load returns the table, decoded from the embedded bytes on first use.
func load() *table {
	once.Do(func() {
		reader, err := zlib.NewReader(bytes.NewReader(compressed))
		if err == nil {
			var data []byte
			if data, err = io.ReadAll(reader); err == nil {
				decoded, err = decode(data)
			}
		}
		failed = err
	})
	if failed != nil {
		panic(fmt.Sprintf("toolcost: the embedded table does not decode: %v", failed))
	}
	return decoded
}

// decode reads the table's format: a header of the byte classes and the rates, the probabilities, the
// logits, three levels of residuals and the hash's multipliers.
func decode(data []byte) (*table, error) {
	const header = 8 + 256 + 8 + logits
	if len(data) < header+keys || !bytes.Equal(data[:6], []byte("oz0e\x05\x04")) {
		return nil, fmt.Errorf("an unknown format")
	}
	t := &table{start: data[7]}
	for b := 0; b < 256; b++ {
		t.next[b] = data[8+b] & 3
	}
	t.next[end] = data[6] & 3
	var rate [4]int64
	for i := range rate {
		rate[i] = int64(binary.LittleEndian.Uint16(data[264+2*i:]))
	}
	t.rates[' '], t.rates['\n'], t.rates['\t'] = rate[0], rate[1], rate[2]
	t.rates[0x0B], t.rates[0x0C], t.rates['\r'] = rate[3], rate[3], rate[3]
	t.probability = data[header-logits : header]
	t.logits = data[header : header+keys]
	at := header + keys
	for i := range t.levels {
		if at+2 > len(data) {
			return nil, fmt.Errorf("a level is cut short")
		}
		back, bits := int(data[at]), int(data[at+1])
		if back%8 < 1 || back%8 >= history || back >= 16 || bits < 1 || bits > 24 || at+2+(1<<bits) > len(data) {
			return nil, fmt.Errorf("a level of the wrong shape")
		}
		l := &t.levels[i]
		for word := range l.masks {
			reads := back
			if back >= 8 {
				reads = min(word+1, back%8)
			}
			l.masks[word] = ^uint64(0) >> (56 - 8*reads)
		}
		l.shift = uint32(32 - bits)
		l.residuals = data[at+2 : at+2+(1<<bits)]
		at += 2 + 1<<bits
	}
	if at+12+8 != len(data) {
		return nil, fmt.Errorf("the wrong length")
	}
	for i := range t.hash {
		t.hash[i] = uint64(binary.LittleEndian.Uint32(data[at+4*i:]))
		if t.hash[i]%2 == 0 {
			return nil, fmt.Errorf("an even multiplier")
		}
	}
	return t, nil
}

func min(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// score returns the score of the last byte of h, word bytes of a word before it, when next (a byte, or
// end) follows it.
func (t *table) score(h uint64, word int, next int) int64 {
	key := (h&0xFFFF)<<2 | uint64(t.next[next])
	stored := int(t.logits[key])
	if stored&1 == 1 {
		return int64(t.probability[min(stored+3*128, logits-1)])
	}
	logit := stored
	highNext := (uint64(next) * t.hash[2]) & m32
	for i := range t.levels {
		l := &t.levels[i]
		context := h & l.masks[word]
		x := (((context & m32) * t.hash[0]) & m32) ^ (context >> 32) ^ highNext
		logit += int(l.residuals[((x*t.hash[1])&m32)>>l.shift])
	}
	if logit < 0 {
		logit = 0
	}
	return int64(t.probability[min(logit, logits-1)])
}

// isWord reports whether b is a byte of a word: an ASCII letter or digit, or any byte beyond ASCII.
func isWord(b byte) bool {
	return b >= 0x80 || (b >= '0' && b <= '9') || (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z')
}

// wordBefore returns how many of the seven bytes of h before its last are bytes of a word, counting
// back from the last.
func wordBefore(h uint64) int {
	n := 0
	h >>= 8
	for n < 7 && isWord(byte(h)) {
		n++
		h >>= 8
	}
	return n
}

// isSpace reports whether the character c is Unicode White_Space, as Rust's char::is_whitespace.
func isSpace(c rune) bool {
	switch {
	case c >= 0x09 && c <= 0x0D, c == 0x20, c == 0x85, c == 0xA0, c == 0x1680:
		return true
	case c >= 0x2000 && c <= 0x200A, c == 0x2028, c == 0x2029, c == 0x202F, c == 0x205F, c == 0x3000:
		return true
	}
	return false
}

// meter sums the scores of a text fed a byte at a time, tracking its characters and white-space runs.
type meter struct {
	started   bool
	history   uint64
	sum       int64
	endsChar  bool
	charSpace bool
	rated     bool
	need      int
	code      rune
	runChars  int
}

// step feeds one byte: the byte before it is scored now that the byte after it is known.
func (m *meter) step(t *table, b byte) {
	if m.started {
		if m.rated {
			m.sum += t.rates[byte(m.history)]
		} else {
			m.sum += t.score(m.history, wordBefore(m.history), int(b))
		}
	} else {
		m.started = true
		m.history = uint64(t.start) * ones
	}
	m.history = m.history<<8 | uint64(b)
	m.decode(b)
}

// decode advances the UTF-8 decoder by one byte. Invalid bytes and cut characters count as characters
// that are not white space.
func (m *meter) decode(b byte) {
	continuation := b >= 0x80 && b < 0xC0
	if m.need > 0 && !continuation {
		// The character being decoded was cut short: a character that is not white space.
		m.need = 0
		m.runChars = 0
	}
	complete, done := rune(0), false
	switch {
	case m.need > 0:
		m.code = m.code<<6 | rune(b&0x3F)
		m.need--
		complete, done = m.code, m.need == 0
	case b >= 0xC2 && b <= 0xDF:
		m.code, m.need = rune(b&0x1F), 1
	case b >= 0xE0 && b <= 0xEF:
		m.code, m.need = rune(b&0x0F), 2
	case b >= 0xF0 && b <= 0xF4:
		m.code, m.need = rune(b&0x07), 3
	case b < 0x80:
		complete, done = rune(b), true
	default:
		// A stray continuation byte or an invalid byte: a character of its own.
		complete, done = 0xFFFD, true
	}
	if !done {
		m.endsChar, m.charSpace, m.rated = false, false, false
		return
	}
	space := isSpace(complete)
	m.endsChar, m.charSpace = true, space
	m.rated = space && b < 0x80 && m.runChars >= run
	if space {
		m.runChars++
	} else {
		m.runChars = 0
	}
}

// count returns the estimate of everything fed, the last byte scored as the text's end.
func (m *meter) count(t *table) int {
	if !m.started {
		return 0
	}
	var last int64
	if m.rated {
		last = t.rates[byte(m.history)]
	} else {
		last = t.score(m.history, wordBefore(m.history), end)
	}
	n := int((m.sum + last + 1<<(shift-1)) >> shift)
	if n < 1 {
		return 1
	}
	return n
}

// Count returns the estimated number of cl100k tokens in text: 0 for the empty text, at least 1 for
// any other. The text's bytes are read as they are; bytes that are not UTF-8 count as characters of
// their own.
func Count(text string) int {
	t := load()
	var m meter
	for i := 0; i < len(text); i++ {
		m.step(t, text[i])
	}
	return m.count(t)
}

package scholarship

import "testing"

func TestStemSharesFormsAcrossLanguages(t *testing.T) {
	pairs := [][2]string{
		{"universidades", "universidad"}, {"becas", "beca"}, {"mexicana", "mexicano"}, {"mulheres", "mulher"},
		{"courses", "course"}, {"studies", "study"}, {"aplicações", "aplicacao"}, {"internacionais", "internacional"},
		{"engineers", "engineer"}, {"ingeniería", "ingenieria"},
	}
	for _, p := range pairs {
		a, b := Stem(Normalize(p[0])), Stem(Normalize(p[1]))
		if a != b {
			t.Errorf("Stem(%q)=%q, Stem(%q)=%q", p[0], a, p[1], b)
		}
	}
}

func TestEditDistance(t *testing.T) {
	cases := []struct {
		a, b string
		max  int
		want int
	}{
		{"enginering", "engineering", 2, 1}, {"engenering", "engineering", 2, 2}, {"fulbrihgt", "fulbright", 2, 1}, {"beca", "beca", 1, 0},
		{"abc", "xyz", 1, 2}, {"mpower", "power", 1, 1},
	}
	for _, c := range cases {
		if got := editDistance(c.a, c.b, c.max); got != c.want {
			t.Errorf("editDistance(%q,%q)=%d want %d", c.a, c.b, got, c.want)
		}
	}
}

package scholarship

import (
	_ "embed"
	"encoding/json"
)

//go:embed tags.json
var tagsJSON []byte

// TagLabels are the card labels of every catalog tag in the three languages
// (tags.json). The validator refuses a record whose tag has no label, so a
// card never shows an English tag on a Portuguese or Spanish page.
var TagLabels = mustTags(tagsJSON)

func mustTags(data []byte) map[string]Text {
	var m map[string]Text
	if err := json.Unmarshal(data, &m); err != nil {
		panic("scholarship: tags.json: " + err.Error())
	}
	for k, t := range m {
		if t.EN == "" || t.PTBR == "" || t.ESMX == "" {
			panic("scholarship: tags.json: " + k + " lacks a language")
		}
	}
	return m
}

// TagLabel is a tag as a card shows it in lang.
func TagLabel(tag, lang string) string {
	if t, ok := TagLabels[tag]; ok {
		return t.In(lang)
	}
	return tag
}

package receipt

// RenderIn draws d in one face: "winansi" (the Windows-1252 fonts), "cut"
// (the Unicode fonts cut to the Latin alphabets) or "whole"; drawn is
// false when d prints a character the face lacks.
func RenderIn(d Data, in string) (pdf []byte, drawn bool, err error) {
	switch in {
	case "winansi":
		return render(d, winAnsiFonts(), false)
	case "cut":
		return render(d, commonFonts(), false)
	}
	return render(d, wholeFonts(), false)
}

package receipt

// RenderIn draws d in the common fonts, or in the whole ones when whole;
// drawn is false when d prints a character the fonts lack.
func RenderIn(d Data, whole bool) (pdf []byte, drawn bool, err error) {
	if whole {
		return render(d, wholeFonts())
	}
	return render(d, commonFonts())
}

package taxid

// banks maps the 3-digit CLABE bank code to the short institution name used
// in Banxico's SPEI participant catalogue (the names shown on CEP receipts).
//
// Sources: Banxico's list of SPEI participants, cross-checked against the
// tables of github.com/center-key/clabe-validator and
// github.com/cuenca-mx/clabe-python. Codes of institutions that merged or
// left SPEI (for example 032 IXE, now part of Banorte) are deliberately
// absent: a new CLABE with such a code is more likely a typo than a real
// account. Add entries here when Banxico admits a new participant.
var banks = map[string]string{
	"001": "BANXICO",
	"002": "BANAMEX",
	"006": "BANCOMEXT",
	"009": "BANOBRAS",
	"012": "BBVA MEXICO",
	"014": "SANTANDER",
	"019": "BANJERCITO",
	"021": "HSBC",
	"030": "BAJIO",
	"036": "INBURSA",
	"042": "MIFEL",
	"044": "SCOTIABANK",
	"058": "BANREGIO",
	"059": "INVEX",
	"060": "BANSI",
	"062": "AFIRME",
	"072": "BANORTE",
	"106": "BANK OF AMERICA",
	"108": "MUFG",
	"110": "JP MORGAN",
	"112": "BMONEX",
	"113": "VE POR MAS",
	"124": "CITI MEXICO",
	"127": "AZTECA",
	"128": "AUTOFIN",
	"129": "BARCLAYS",
	"130": "COMPARTAMOS",
	"132": "MULTIVA BANCO",
	"133": "ACTINVER",
	"135": "NAFIN",
	"136": "INTERCAM BANCO",
	"137": "BANCOPPEL",
	"140": "CONSUBANCO",
	"141": "VOLKSWAGEN",
	"143": "CIBANCO",
	"145": "BBASE",
	"147": "BANKAOOL",
	"148": "PAGATODO",
	"150": "INMOBILIARIO",
	"151": "DONDE",
	"152": "BANCREA",
	"154": "BANCO COVALTO",
	"155": "ICBC",
	"156": "SABADELL",
	"157": "SHINHAN",
	"158": "MIZUHO BANK",
	"159": "BANK OF CHINA",
	"160": "BANCO S3",
	"166": "BABIEN",
	"167": "HEY BANCO",
	"168": "HIPOTECARIA FED",
	"600": "MONEXCB",
	"601": "GBM",
	"602": "MASARI",
	"605": "VALUE",
	"608": "VECTOR",
	"616": "FINAMEX",
	"617": "VALMEX",
	"620": "PROFUTURO",
	"630": "CB INTERCAM",
	"631": "CI BOLSA",
	"634": "FINCOMUN",
	"638": "NU MEXICO",
	"646": "STP",
	"652": "CREDICAPITAL",
	"653": "KUSPIT",
	"656": "UNAGRA",
	"659": "ASP INTEGRA OPC",
	"661": "KLAR",
	"670": "LIBERTAD",
	"677": "CAJA POP MEXICA",
	"680": "CRISTOBAL COLON",
	"683": "CAJA TELEFONIST",
	"684": "TRANSFER",
	"685": "FONDO (FIRA)",
	"688": "CREDICLUB",
	"689": "FOMPED",
	"699": "FONDEADORA",
	"703": "TESORED",
	"706": "ARCUS FI",
	"710": "NVIO",
	"721": "ALBO",
	"722": "MERCADO PAGO W",
	"723": "CUENCA",
	"728": "SPIN BY OXXO",
	"732": "PEIBO",
	"734": "FINCO PAY",
	"901": "CLS",
	"902": "INDEVAL",
	"903": "CODI VALIDA",
}

// BankName returns the Banxico short name of the institution with the given
// 3-digit CLABE bank code (the first three digits of a CLABE), and whether
// the code is known. Callers show it next to a CLABE so a customer can see
// which bank the money goes to before sending.
func BankName(code string) (string, bool) {
	name, ok := banks[code]
	return name, ok
}

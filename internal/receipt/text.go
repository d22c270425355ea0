package receipt

// text is every word the receipt prints, in one language. The words are
// the ones the tracking page uses (web/src/locales/*/track.json), so the
// receipt names things as the payer saw them.
type text struct {
	Title, TransactionID, Issued                                   string
	Parties, Payer, Recipient, Student, StudentID, School          string
	Amounts, YouPaid, PaidBy, Delivered, Rate, Fees                string
	Delivery, DeliveryMethod, BankAccount, AccountEnding, Tracking string
	RailReference, CEP, Reference, NoRef                           string
	Timeline, Authorized                                           string
	Footer                                                         string // %s: the time zone's name
	Deliveries                                                     map[string]string
	Rails                                                          map[string]string // a rail reference's label by its kind (corridor.Rail.Kind)
	Stages                                                         map[string]string
}

// texts maps a language to its receipt words; English is the source. A
// test checks that every language has every word.
var texts = map[string]text{
	"en": {
		Title: "Crebit – Payment receipt", TransactionID: "Transaction ID", Issued: "Issued",
		Parties: "Parties", Payer: "Payer", Recipient: "Recipient", Student: "Student", StudentID: "Student ID", School: "School",
		Amounts: "Amounts", YouPaid: "You paid", PaidBy: "%s by %s", Delivered: "Delivered", Rate: "Exchange rate", Fees: "Fees (included)",
		Delivery: "Delivery", DeliveryMethod: "Method", BankAccount: "Bank account", AccountEnding: "%s account ending in %s",
		Tracking:      "Check tracking number",
		RailReference: "Rail reference", CEP: "Proof of transfer (CEP)", Reference: "Reference", NoRef: "not reported by the bank",
		Timeline: "Timeline", Authorized: "Authorized",
		Footer: "Times are %s. Amounts are exact; fees are included in the amount you paid. " +
			"Keep this receipt with your records; the transaction ID identifies this payment at Crebit.",
		Deliveries: map[string]string{"usd-bank-transfer": "USD bank transfer", "check-to-school": "Check mailed to the school"},
		Rails:      map[string]string{"pix_end_to_end_id": "Pix end-to-end ID", "spei_tracking_key": "SPEI tracking key"},
		Stages: map[string]string{
			"created": "Payment created", "awaiting_payin": "Deposit instructions issued", "payin_processing": "Payment processing",
			"payin_completed": "Payment received", "offramp_created": "Converted to USD",
			"completed": "Delivered to your bank account", "check_mailed": "Check approved and mailed",
		},
	},
	"pt-BR": {
		Title: "Crebit – Recibo de pagamento", TransactionID: "ID da transação", Issued: "Emitido em",
		Parties: "Partes", Payer: "Pagador", Recipient: "Destinatário", Student: "Estudante", StudentID: "Matrícula do estudante", School: "Escola",
		Amounts: "Valores", YouPaid: "Você pagou", PaidBy: "%s via %s", Delivered: "Entregue", Rate: "Câmbio", Fees: "Tarifas (incluídas)",
		Delivery: "Entrega", DeliveryMethod: "Forma de entrega", BankAccount: "Conta bancária", AccountEnding: "%s, conta terminada em %s",
		Tracking:      "Código de rastreio do cheque",
		RailReference: "Referência bancária", CEP: "Comprovante (CEP)", Reference: "Referência", NoRef: "não informada pelo banco",
		Timeline: "Etapas do pagamento", Authorized: "Autorizado",
		Footer: "Todos os horários seguem o %s. Os valores são exatos; as tarifas estão incluídas no valor que você pagou. " +
			"Guarde este recibo com seus documentos; o ID da transação identifica este pagamento na Crebit.",
		Deliveries: map[string]string{"usd-bank-transfer": "USD na sua conta bancária nos EUA", "check-to-school": "Cheque enviado à escola pelo correio"},
		Rails:      map[string]string{"pix_end_to_end_id": "ID fim a fim do Pix (E2E)", "spei_tracking_key": "Chave de rastreamento SPEI"},
		Stages: map[string]string{
			"created": "Pagamento criado", "awaiting_payin": "Instruções de pagamento emitidas", "payin_processing": "Processando o pagamento",
			"payin_completed": "Pagamento recebido", "offramp_created": "Convertido para dólares",
			"completed": "Entregue na sua conta bancária", "check_mailed": "Cheque aprovado e enviado",
		},
	},
	"es-MX": {
		Title: "Crebit – Recibo de pago", TransactionID: "ID de transacción", Issued: "Emitido",
		Parties: "Partes", Payer: "Pagador", Recipient: "Destinatario", Student: "Estudiante", StudentID: "Matrícula del estudiante", School: "Escuela",
		Amounts: "Montos", YouPaid: "Pagaste", PaidBy: "%s por %s", Delivered: "Entregado", Rate: "Tipo de cambio", Fees: "Comisiones (incluidas)",
		Delivery: "Entrega", DeliveryMethod: "Método de entrega", BankAccount: "Cuenta bancaria", AccountEnding: "%s, cuenta con terminación %s",
		Tracking:      "Número de guía del cheque",
		RailReference: "Referencia bancaria", CEP: "Comprobante (CEP)", Reference: "Referencia", NoRef: "el banco no la informó",
		Timeline: "Etapas del pago", Authorized: "Autorizado",
		Footer: "Todos los horarios están en %s. Los montos son exactos; las comisiones están incluidas en el monto que pagaste. " +
			"Guarda este recibo con tus documentos; el ID de transacción identifica este pago en Crebit.",
		Deliveries: map[string]string{"usd-bank-transfer": "USD a tu cuenta bancaria en EE. UU.", "check-to-school": "Cheque por correo a la escuela"},
		Rails:      map[string]string{"pix_end_to_end_id": "ID de extremo a extremo de Pix", "spei_tracking_key": "Clave de rastreo SPEI"},
		Stages: map[string]string{
			"created": "Pago creado", "awaiting_payin": "Instrucciones de pago emitidas", "payin_processing": "Procesando el pago",
			"payin_completed": "Pago recibido", "offramp_created": "Convertido a dólares",
			"completed": "Entregado en tu cuenta bancaria", "check_mailed": "Cheque aprobado y enviado",
		},
	},
}

// textFor is lang's receipt words, English when lang is not offered.
func textFor(lang string) text {
	if t, ok := texts[lang]; ok {
		return t
	}
	return texts["en"]
}

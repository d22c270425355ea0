// Generated from docs/openapi.yaml by `npm run gen:api` (scripts/gen-api-types.mjs).
// Do not edit: change the contract and regenerate; `make test` fails when this file is stale.

export interface paths {
    "/api/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What this server offers the web app */
        get: operations["config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-customer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a payer (KYC) and open their wallet
         * @description A browser that already created a customer with the same tax id is
         *     offered that customer back (`show_popup` with the `popup_*` texts);
         *     it confirms by sending `use_existing_customer: true` with
         *     `existing_customer_id`. Any other browser simply gets a new customer:
         *     nothing about another person is revealed.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-external-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register the payer's US bank account
         * @description Adding the same account (routing and number) again returns the first one. Only the last 4 digits are ever shown.
         */
        post: operations["createExternalAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-pix-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a locked BRL quote by Pix
         * @description Opens the pay-in for the session's quote and answers the Pix code to
         *     pay. Repeating a request with the same `Idempotency-Key` (or, without
         *     one, the same request for the same quote) returns the same payment.
         */
        post: operations["createPixPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lock a quote for the session
         * @description Prices `amount_usd` to be delivered, locks it for the quote TTL (300 s
         *     by default) and remembers it as the session's last quote. An amount
         *     the partner cannot carry is refused (`minimum_amount`): under USD
         *     5.00 (BlindPay's smallest payout), or a total under 10.00 of the
         *     local currency (its smallest pay-in). Brazil payments must be at
         *     least USD 16.00, Mexico's USD 5.00; every payment at most the
         *     configured maximum (USD 100000.00 by default).
         */
        post: operations["createQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-quote-new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A live rate (locks nothing), from the same memory as GET /api/rates
         * @description Answered from the rates the server keeps (see `GET /api/rates`); the web
         *     app reads `GET /api/rates` instead.
         *     `on_ramp`: local currency per USD delivered, all fees included.
         *     `off_ramp`: local currency received per USD sent (the calculator's
         *     reversed mode).
         */
        post: operations["createIndicativeRate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-spei-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a locked MXN quote by SPEI
         * @description Opens the pay-in for the session's quote and answers the CLABE to pay
         *     into. `sender_clabe` holds the payer's CURP, as the web app sends it.
         *     Idempotency as for Pix.
         */
        post: operations["createSpeiPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/create-wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open (or return) the customer's USDC wallet
         * @description Errors carry their text in both `error` and `message` (the wizard reads `message`).
         */
        post: operations["createWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/check-waitlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put the account on the waitlist for mailed checks from the dashboard */
        post: operations["checkWaitlistJoin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in account's totals, computed from its payments */
        get: operations["dashboardOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/payment-setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's payer profiles (one verified identity per country) and saved bank accounts, for Make a Payment */
        get: operations["dashboardPaymentSetup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Process Payment from the dashboard
         * @description Pays a locked quote (`POST /api/create-quote`) from one of the
         *     account's own payer profiles to one of its saved US bank accounts.
         *     The sender's name and CPF or CURP come from the profile (the browser
         *     never sends them again); everything else is the wizards' path: the
         *     same checks, authorization record, pay-in, expiry, e-mails and
         *     ledger. The answer has `PixPayment`'s fields for a Brazil profile and
         *     `SpeiPayment`'s for a Mexico one. Idempotency as for Pix.
         */
        post: operations["dashboardPaymentCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in account's payments, newest first, 20 a page */
        get: operations["dashboardTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dashboard/transactions/{transaction_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the account's payments in detail (another account's answers 404) */
        get: operations["dashboardTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a reset link (valid 1 hour) if the address has an account
         * @description Always the same answer.
         */
        post: operations["forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/last-customer-id": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session's last customer */
        get: operations["lastCustomerId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/last-quote-ids": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session's last locked quote pair */
        get: operations["lastQuoteIds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in account
         * @description Every page asks; being signed out is an answer (204, no body), not an error.
         */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/bank-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's saved US bank accounts, newest first, masked */
        get: operations["meBankAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/bank-accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stop offering a saved bank account (another account's answers 404) */
        delete: operations["meBankAccountRemove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close the account (password-confirmed); personal data goes under the retention rule, ledger records stay */
        post: operations["meClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download my data: everything held about the account holder, as a JSON attachment (account numbers and tax ids masked) */
        get: operations["meData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/language": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Remember the account's language (its e-mails are written in it; the web app switches to it after sign-in) */
        put: operations["meLanguageUpdate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/name": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the account holder's first and last name */
        put: operations["meNameUpdate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password (the current one is required; every other session is signed out and a notice e-mailed) */
        post: operations["mePasswordChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/referrals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in payer's referral link, the friends invited and the rewards earned */
        get: operations["myReferrals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/referrals/rewards/{id}/gift-card": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Choose the gift card of an earned reward (an operator sends it; another account's reward answers 404) */
        put: operations["myRewardGiftCard"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/scholarships/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in student's scholarship alerts (pending and active) */
        get: operations["scholarshipAlerts"];
        put?: never;
        /** Opt in to new-match digests (at most weekly) and deadline reminders for a saved search; a confirmation e-mail is sent (double opt-in) and nothing else until it is followed */
        post: operations["createScholarshipAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/scholarships/alerts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stop one of the caller's alerts (anyone else's is 404) */
        delete: operations["stopScholarshipAlert"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/scholarships/tracker": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in student's scholarship tracker, soonest deadline first, in the request's language */
        get: operations["scholarshipTracker"];
        put?: never;
        /** Save a program to the tracker as interested (with its dated deadline when one is ahead) */
        post: operations["trackScholarship"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/scholarships/tracker/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a program from the tracker (anyone else's is 404) */
        delete: operations["untrackScholarship"];
        options?: never;
        head?: never;
        /** Move a tracked program (one step forward or back; a result only after submitting) or edit its deadline, notes and documents checklist */
        patch: operations["updateTrackedScholarship"];
        trace?: never;
    };
    "/api/me/signins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's last 10 sign-ins, with the approximate device */
        get: operations["meSignins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log, newest first, as a whole or for one object */
        get: operations["opsAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What needs an operator (any operator)
         * @description The ledger check (as `crebit ledger check`), the shared accounts' balances and how many payment accounts hold funds, River jobs not completed by kind and state, e-mails waiting and failed, webhooks of the last day that moved no payment, payments stuck past their expected time (awaiting a pay-in 10 minutes after the window closed; created 5 minutes; pay-in processing 2 hours; pay-in completed 1 hour; off-ramp created 6 hours; mismatch 1 day), and this instance's rate-limit and webhook-signature refusals since it started.
         */
        get: operations["opsHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The operator using the console */
        get: operations["opsMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the operators (admins) */
        get: operations["opsOperators"];
        /** Make an account an operator, or change its role (admins; not their own) */
        put: operations["opsOperatorSet"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/operators/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End an account's operator role (admins; not their own) */
        post: operations["opsOperatorRemove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find payments, newest first, 50 a page (any operator)
         * @description Every parameter is optional and they combine. `q` is read by its shape — a transaction id (`txn_…`), an e-mail address (the payer profile's or the account's), or 4 letters or digits (the last 4 of the payer's tax id or of the US account number).
         */
        get: operations["opsFindPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/payments/{transaction_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One payment's whole story (any operator)
         * @description States with time and cause; partner calls about the payment, its payer profile and bank account (tax ids, account numbers, phones and birth dates masked to their last 4); webhooks received with headers and raw body (only deliveries whose signature verified are stored); e-mails with their text; ledger postings and the touched accounts' balances now; rail references; the payer's other payments.
         */
        get: operations["opsExplainPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/payments/{transaction_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a payment still waiting for its pay-in (finance); it fails and its instructions are no longer shown
         * @description The partner's pay-in cannot be cancelled: a deposit that arrives later anyway is recorded and
         *     owed back as a late pay-in.
         */
        post: operations["opsCancelPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/payments/{transaction_id}/hold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put a payment in progress on hold (finance); it does not advance until released, and its payer sees it under review
         * @description Partner events about a held payment are recorded but not applied (their outcome is
         *     "held: applied on release"); its expiry waits for the release. The hold and its audit
         *     entry commit together.
         */
        post: operations["opsHoldPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/payments/{transaction_id}/payout-again": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay out again a payment whose payout came back (finance, password again)
         * @description A payout the partner returned (`offramp_status` refunded: the stablecoin is back in the
         *     payer's wallet) is asked for again by a job keyed by the returned payout, so asking twice pays
         *     once; its webhooks then move the payment on.
         */
        post: operations["opsPayOutAgain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/payments/{transaction_id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a received pay-in not yet converted (finance, password again; a wrong one is 400 `current_password_invalid`); the payment ends refunded and the receipt is owed back
         * @description The partner's API cannot return a pay-in (docs/BLINDPAY.md §17.6): the refund is recorded as
         *     owed (the Returns queue, ledger account partner:returns_owed), the payout never starts, a hold
         *     is closed, and the payer is told the refund is in progress. An operator returns the money
         *     through the partner's support and records it (`/api/ops/returns/{id}/record`).
         */
        post: operations["opsRefundPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/payments/{transaction_id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Release a payment's hold (finance) and apply, in the same transaction, the partner events that arrived while it was held, in the order received */
        post: operations["opsReleasePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/payments/{transaction_id}/replay-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply a stored webhook event to its payment again (finance); the lifecycle never moves backwards, so an applied event changes nothing */
        post: operations["opsReplayWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/payments/{transaction_id}/resend-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue again one e-mail the payment sent, with the same content (any operator) */
        post: operations["opsResendMail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Find the account and the guest payer profiles with an e-mail address (any operator) */
        get: operations["opsFindPeople"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The refunds owed to payers, oldest first, and the payouts that came back or failed (finance) */
        get: operations["opsReturns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/returns/{id}/record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record that the partner returned money owed to a payer (finance, password again); posts the return and e-mails the payer */
        post: operations["opsRecordReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/rewards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The referral rewards queue, oldest first (finance and admins) */
        get: operations["opsRewards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/rewards/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Release a held reward to earned, or refuse an earned or held one (finance); a refusal e-mails the referrer the reason */
        post: operations["opsRewardReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/rewards/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail an earned reward's gift card code to the referrer (finance; asks for the operator's password)
         * @description The code goes only into the e-mail (stored sealed in the outbox); the audit entry records the sending without it. The referrer must have chosen the card.
         */
        post: operations["opsRewardSend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/support": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Support conversations, the most recently active first, 200 at most (any operator) */
        get: operations["opsSupportList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/support/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One conversation with its messages, oldest first (any operator) */
        get: operations["opsSupportThread"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/support/{id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a conversation to an operator, by e-mail, or to nobody with "" (any operator) */
        post: operations["opsSupportAssign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/support/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a conversation by e-mail through the outbox, in the person's language (any operator); it opens the conversation again if closed
         * @description The e-mail's subject is `Re <subject> [ref:<reference>]`; with CREBIT_SUPPORT_INBOUND set its Reply-To is that address plus-tagged with the reference. Written to the audit log with the answer.
         */
        post: operations["opsSupportReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ops/support/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close a conversation, or open it again (any operator) */
        post: operations["opsSupportStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/partner-terms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the payment partner asks this session to accept its terms
         * @description The partner (BlindPay) registers a payer only after they accepted its
         *     terms, so `required` is always true; `accepted` turns true once the
         *     partner confirmed this session's acceptance by webhook. Before that,
         *     `create-customer` answers 409 `terms_required`.
         */
        get: operations["partnerTerms"];
        put?: never;
        /**
         * Open the partner's terms for the payer to accept
         * @description Answers the partner's page at which the payer accepts its terms; the
         *     browser comes back to `return_path` on this site afterwards. Only
         *     the partner's webhook makes the acceptance count.
         */
        post: operations["startPartnerTerms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment-authorization": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record agreement to the payment authorization (with time, IP and user agent) */
        post: operations["recordPaymentAuthorization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment-emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The e-mails a payment sends, in the request's language (the status-updates page lists them)
         * @description The same texts the e-mails carry (subject, heading, body), with when each is sent
         *     and how soon after paying it usually comes. The language is the `crebit_lang`
         *     cookie's, else `Accept-Language`'s, else English.
         */
        get: operations["paymentEmails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{transaction_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The payment's live status, as Server-Sent Events (owner only)
         * @description `text/event-stream`. First the current status, then one `event: status` per state the
         *     payment enters, its `data` a `LiveStatus` object and its `id` the payment's history
         *     sequence (growing). A reconnecting client sends `Last-Event-ID` and receives the status
         *     only if it changed after that id. Idle streams get a `: heartbeat` comment every 15 s;
         *     a server shutdown ends the stream (the browser reconnects to another instance). Works
         *     across instances: the change is announced after it commits (PostgreSQL NOTIFY). Anyone
         *     but the payment's owner gets 404, as for a payment that does not exist.
         */
        get: operations["paymentEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/{transaction_id}/receipt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The completed payment's PDF receipt (owner only)
         * @description Payer, the recipient the payer named, student and school (for check delivery), amounts
         *     in both currencies, the rate, fees, the time of each stage, the delivery method and
         *     masked bank account, the authorization time, and the rail's reference (Pix end-to-end
         *     id, or SPEI tracking key with Banxico's CEP lookup). Written in the language the payer
         *     read the authorization in (en, pt-BR, es-MX), amounts as that language writes them
         *     (R$ 13.555,93, MX$46,875.00, US$ 2.500,00), times in the payer's zone, named (BRT for
         *     Brazil, Mexico City time for Mexico); fonts embedded. Anyone but the owner gets 404
         *     `transaction_not_found`; a payment that has not completed gets 404 `receipt_not_available`.
         */
        get: operations["paymentReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every corridor's indicative rate, from memory (locks nothing)
         * @description The rates the header, the calculator and every "live rate" show. The
         *     server asks the partner for them at most every 30 s, and only when
         *     they are read; an answer costs no partner call and no database read
         *     or write, and is the same for every caller (no session is looked up).
         *     `on_ramp`: local currency per USD delivered, all fees included (what a
         *     large quote costs per USD). `off_ramp`: local currency received per
         *     USD sent (the calculator's reversed mode). `as_of` is when the partner
         *     gave them. Only `POST /api/create-quote` locks a price to pay with.
         */
        get: operations["getRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/referral-arrival": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remember the referral code a browser arrived with
         * @description The web app sends the `ref` of an invitation link once. The code is kept for the browser's session (and its account once signed in); the person's first completed payment then earns the referrer a reward. Anything that is not a code is ignored, so the answer is always 204.
         */
        post: operations["rememberReferralArrival"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/referrals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store the friends a payer referred and invite each once
         * @description Only a signed-in account with a confirmed e-mail address invites (401 `sign_in_required` for anyone else, 403 `email_not_verified`); the invitation names the sender by the account's own name and its subject names no one. Blank and invalid addresses are skipped; at most 20 per call and 20 a day; each friend is stored once.
         */
        post: operations["createReferrals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password from a reset link; signs out every session */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sandbox/mailbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sandbox only: the local mailbox (messages kept when no SMTP server is set) */
        get: operations["sandboxMailbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sandbox/mailbox/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sandbox only: one message with its text and HTML parts */
        get: operations["sandboxMailboxMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sandbox/mailbox/{id}/attachments/{n}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sandbox only: download attachment n (from 0) of a message, e.g. the receipt PDF of a completion e-mail */
        get: operations["sandboxMailboxAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sandbox/mailbox/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: answer a message as its recipient would — a support answer's reply goes back into its conversation */
        post: operations["sandboxMailboxReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scholarships": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many programs the catalog has and when it was last verified */
        get: operations["scholarshipOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scholarships/alerts/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The second step of the opt-in (the id and token of the confirmation e-mail's link); the first digest is sent at once, a second confirmation changes nothing */
        post: operations["confirmScholarshipAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scholarships/alerts/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One-click unsubscribe (RFC 8058), the address of every alert e-mail's List-Unsubscribe header (with List-Unsubscribe-Post)
         * @description No sign-in; the token proves the link. The body (`List-Unsubscribe=One-Click`, form-encoded) is accepted and not needed. Unsubscribing twice is fine.
         */
        post: operations["unsubscribeScholarshipAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scholarships/eligibility": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's own scholarship eligibility form */
        get: operations["getEligibility"];
        /** Save the caller's scholarship eligibility form */
        put: operations["saveEligibility"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scholarships/filter-sets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's saved filter sets, newest first */
        get: operations["listFilterSets"];
        put?: never;
        /** Save a named search (its query string, kept canonical without the page) */
        post: operations["createFilterSet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scholarships/filter-sets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one of the caller's filter sets (anyone else's is 404) */
        delete: operations["deleteFilterSet"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scholarships/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own Quick Match profile (empty lists and strings when unsaved)
         * @description Affinity answers are returned only to their owner's session or account and used only for matching.
         */
        get: operations["getQuickMatch"];
        /** Save the caller's Quick Match profile (guest session, moved to the account on sign-up) */
        put: operations["saveQuickMatch"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scholarships/programs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One program of the catalog */
        get: operations["scholarshipProgram"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scholarships/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the catalog (keyword or natural language), filtered, sorted and paged
         * @description What the text is understood to say (nationality, level, field, state,
         *     US status, criteria, and what it denies: "no tengo green card") is
         *     applied to the student, whatever the mode; loans appear only when the
         *     text asks for one. Best Match orders by relevance, and by match % among
         *     programs that answer the text about equally well.
         *     Results are matched against the caller's saved Quick Match profile and
         *     eligibility form (unless `profile=0`). Programs the student is ruled
         *     out of by a hard rule (nationality, residence, US status, level,
         *     field, gender, state, a required criterion, GPA) are left out unless
         *     `partial=1`, and then come last with `why_not`. Ten results a page.
         *     The same parameters are the web page's URL and a saved filter set.
         */
        get: operations["searchScholarships"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with e-mail and password
         * @description One answer for a wrong e-mail or password (`invalid_credentials`). With two-factor on, answers `two_factor_required` and a token instead of a session.
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/signin/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish a sign-in with a TOTP or recovery code */
        post: operations["signInTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End this browser's session on the server */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign this browser in
         * @description A new session cookie replaces the old one. An e-mail that already has an account creates nothing and answers 409 `account_exists` (its owner is e-mailed, at most once a day). Repeating it signed in to the same e-mail changes nothing. With the wizard's payer profile (`customer`) and US bank account (`bank_account`), every field is checked as create-customer and create-external-account check it (without the partner) before anything is created, so an invalid CPF, CURP or routing number answers 400 under its field with no account and no e-mail. Limited per session and client address (429).
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Subscribe an e-mail address to product updates (once) */
        post: operations["subscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/support/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A reply e-mail the mail provider received at CREBIT_SUPPORT_INBOUND (exists only when it is set; docs/SUPPORT-MAIL.md)
         * @description Authenticated by `Authorization Bearer CREBIT_SUPPORT_INBOUND_TOKEN`. The reply joins the conversation named by `[ref:…]` in its subject or the plus tag of `to`, only when `from` is the conversation's own address; the quoted text under the reply is dropped; a closed conversation opens again.
         */
        post: operations["supportInbound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/support/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message to support (the dashboard's Support tab signed in, the contact form signed out); it opens a conversation operators answer by e-mail
         * @description Signed in, the account's own address is the one answered (a typed `email` is ignored) and `name` is optional; signed out, `name` and `email` are required. At most 10 messages per session and 30 per address an hour.
         */
        post: operations["supportMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transaction-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The /track page's lookup
         * @description `details` (sender, school and student) is only present for the browser that made the payment (`owned: true`).
         */
        get: operations["transactionStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trigger-mock-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox only: make the partner send an event for a payment
         * @description The route exists only when the embedded sandbox partner is active, and acts only on payments of the caller's own browser session (any other transaction id is `transaction_not_found`). The event travels the real signed path.
         */
        post: operations["triggerMockWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/two-factor/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor on with a valid code; returns 10 recovery codes once
         * @description The account's other sessions are signed out. Wrong codes count against the same limit as the sign-in's code step (429 with Retry-After).
         */
        post: operations["twoFactorConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/two-factor/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor off (needs the password and a current code)
         * @description Wrong passwords count against the sign-in limit from this browser, wrong codes against the sign-in's code step (429 with Retry-After).
         */
        post: operations["twoFactorDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/two-factor/enrol": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start two-factor enrolment (new secret, not yet on)
         * @description Asks for the account's password again (`current_password_invalid` under `current_password`; attempts count against the sign-in limit from this browser) and needs a confirmed e-mail address (403 `email_not_verified`).
         */
        post: operations["twoFactorEnrol"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Use an e-mail verification link */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook-status/{transaction_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The progress flags step 6 polls every 3 seconds
         * @description Transaction ids are unguessable; the answer holds no personal details.
         */
        get: operations["webhookStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook/payout-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The payment partner's event receiver
         * @description BlindPay's webhook (`payin.*`, `payout.*`, `customer.*`,
         *     `tos.accept`), signed by Svix as Standard Webhooks are: the signature
         *     (HMAC-SHA256 over `id.timestamp.body`, keyed by the endpoint's
         *     `whsec_` secret) is checked over the raw body before anything else,
         *     the timestamp must be within 5 minutes, and several signatures may be
         *     sent during a key rotation. The headers are `svix-id`,
         *     `svix-timestamp` and `svix-signature` as BlindPay sends them; the
         *     `webhook-*` names below are accepted alike. The delivery is recorded
         *     once under its id and every event it translates to is applied to its
         *     payment in the same transaction; the answer follows. A repeat is
         *     acknowledged with `duplicate: true` and changes nothing.
         *     Content-Type is not checked.
         */
        post: operations["receivePartnerEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is alive */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process can serve (the database answers) */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Address: {
            city?: string;
            /** @description brazil or mexico (also BR, MX, ...) for a payer; USA (or US, or absent) for a bank. */
            country?: string;
            postal_code?: string;
            state?: string;
            street_line_1?: string;
        };
        /** @description An exact decimal with the currency's scale (2 for USD, BRL and MXN), e.g. 542.23. */
        Amount: number;
        /** @enum {unknown} */
        ApplicationStatus: "interested" | "preparing" | "submitted" | "awarded" | "not_awarded";
        AuditEntry: {
            action: string;
            /** @description The operator's account id, or "cli". */
            actor: string;
            actor_email: string;
            /** @description And after. */
            after: unknown;
            /** Format: date-time */
            at: string;
            /** @description The object's relevant state before the action. */
            before: unknown;
            id: string;
            object_id: string;
            object_type: string;
            reason: string;
        };
        /** @description What the browser showed when the payer agreed (stored with the payment). */
        AuthorizationInput: {
            accepted?: boolean;
            signed_at?: string;
            signer_name?: string;
        };
        CheckDetails: {
            city: string;
            delivery_instructions?: string;
            mailing_address: string;
            payee_name: string;
            school_name: string;
            state: string;
            /** Format: email */
            student_email: string;
            student_full_name: string;
            student_id: string;
            term_reference: string;
            zip_code: string;
        };
        Chip: {
            /** @description nationality, residence, us_status, level, year, field, gender, us_state, criteria, gpa, amount_min, status, award_type, coverage, renewable, loan */
            facet: string;
            /** @description The query denies it ("no tengo green card", "sem empréstimo"): programs only for that status are left out. */
            negated?: boolean;
            /** @description The words of the query that meant it. */
            term?: string;
            value: string;
        };
        CodeRequest: {
            /** @description 6-digit TOTP code. */
            code: string;
        };
        Config: {
            quote_ttl_seconds: number;
            /** @description The embedded sandbox partner is active (and /api/trigger-mock-webhook exists). */
            sandbox: boolean;
        };
        Consent: {
            id: string;
            /** Format: date-time */
            recorded_at: string;
        };
        ConsentRequest: {
            /** @description Must be true. */
            accepted: boolean;
        };
        ConsoleReward: {
            amount_usd: string;
            /** Format: date-time */
            created_at: string;
            gift_card_brand?: string;
            id: string;
            payment_id: string;
            referred_email: string;
            referrer_email: string;
            referrer_name: string;
            review_reason?: string;
            /** @enum {string} */
            status: "earned" | "held" | "sent" | "refused";
        };
        Conversation: {
            assignee_email?: string;
            /** Format: date-time */
            created_at: string;
            email: string;
            id: string;
            messages: number;
            name: string;
            reference: string;
            /** @enum {string} */
            source: "dashboard" | "contact";
            /** @enum {string} */
            status: "open" | "closed";
            subject: string;
            /** Format: date-time */
            updated_at: string;
        };
        ConversationThread: {
            account_id?: string;
            assignee_email?: string;
            /** Format: date-time */
            created_at: string;
            email: string;
            entries: {
                /** Format: date-time */
                at: string;
                author: string;
                /** @enum {string} */
                direction: "in" | "out";
                id: string;
                text: string;
            }[];
            id: string;
            lang: string;
            messages: number;
            name: string;
            reference: string;
            /** @enum {string} */
            source: "dashboard" | "contact";
            /** @enum {string} */
            status: "open" | "closed";
            subject: string;
            /** Format: date-time */
            updated_at: string;
        };
        Credentials: {
            /** Format: email */
            email: string;
            password: string;
        };
        Customer: {
            customer_id: string;
            existing_customer: boolean;
            existing_customer_found: boolean;
            existing_external_account: null | components["schemas"]["ExistingAccount"];
            external_account_id: string | null;
            /** @example approved */
            kyc_status: string;
            /** @description This browser's own customer: name, e-mail and masked bank account. */
            popup_details?: string;
            popup_message?: string;
            popup_question?: string;
            popup_title?: string;
            show_popup: boolean;
            wallet_address: string;
            wallet_id: string;
        };
        CustomerID: {
            customer_id: string;
        };
        /** @description A new payer (all of step 1), or the confirmation of this browser's existing customer. */
        CustomerInput: components["schemas"]["NewCustomer"] | components["schemas"]["ExistingCustomerChoice"];
        DashboardOverview: {
            payment_count: number;
            /** @description USD of payments still in flight. */
            pending_usd: number;
            /** @description USD of payments refunded to the payer. */
            total_received_usd: number;
            /** @description USD of delivered payments (completed, check_mailed). */
            total_sent_usd: number;
        };
        /** @description A `PixPayment` (Brazil profile) or a `SpeiPayment` (Mexico profile). */
        DashboardPayment: {
            amount_brl?: components["schemas"]["Amount"];
            amount_mxn?: components["schemas"]["Amount"];
            amount_usd: components["schemas"]["Amount"];
            bank_account?: {
                bank_name: string;
                clabe: string;
            };
            beneficiary?: {
                name: string;
            };
            /** Format: date-time */
            created_at: string;
            delivery_method: components["schemas"]["DeliveryMethod"];
            /** @description The Pix copy-and-paste code, or the CLABE to pay into. */
            deposit_address: string;
            effective_rate: number;
            /** Format: date-time */
            expires_at: string;
            /** @enum {unknown} */
            local_currency: "BRL" | "MXN";
            pix_code?: string;
            status: components["schemas"]["PaymentState"];
            total_fees_usd: components["schemas"]["Amount"];
            transaction: {
                deposit_address: string;
                id: string;
                payment_instructions?: {
                    deposit_address: string;
                    pix_code: string;
                };
                pix_code?: string;
                sender_deposit_instructions: components["schemas"]["DepositInstructions"];
            };
            transaction_id: string;
        };
        DashboardPaymentRequest: {
            authorization: components["schemas"]["AuthorizationInput"];
            /** @description One of the account's payer profiles. */
            customer_id: string;
            /** @description A saved US bank account of that profile. */
            external_account_id: string;
            /** @description The locked quote's on-ramp id. */
            quote_id: string;
            /** @description The university or recipient the payer names. */
            recipient: string;
        };
        DataExport: {
            /** @description E-mail, names, verification, two-factor, created_at. */
            account: Record<string, never>;
            /** @description Every US bank account, removed ones included (number masked). */
            bank_accounts: Record<string, never>[];
            /** @description Whether the account asked to hear when mailed checks can be sent from the dashboard. */
            check_waitlist?: boolean;
            /** Format: date-time */
            exported_at: string;
            /** @description Every payer profile (KYC data; tax id masked). */
            payer_profiles: Record<string, never>[];
            /** @description Every payment with its history and authorization evidence. */
            payments: Record<string, never>[];
            recent_signins: components["schemas"]["Signin"][];
            /** @description The friends the account's payer profiles invited and the rewards earned. */
            referrals: Record<string, never>;
            /** @description The scholarship e-mail alerts (not the stopped ones). */
            scholarship_alerts: components["schemas"]["ScholarshipAlert"][];
            /** @description The saved eligibility form. */
            scholarship_eligibility?: Record<string, never>;
            /** @description The saved Quick Match answers. */
            scholarship_profile?: Record<string, never>;
            /** @description The programs in the scholarship tracker. */
            scholarship_tracker: {
                /** Format: date-time */
                created_at: string;
                deadline: string | null;
                documents_done: number[];
                notes: string;
                program_id: string;
                status: components["schemas"]["ApplicationStatus"];
                /** Format: date-time */
                updated_at: string;
            }[];
        };
        /** @enum {string} */
        DeliveryMethod: "usd-bank-transfer" | "check-to-school";
        DepositInstructions: {
            deposit_address: string;
        };
        EligibilityForm: {
            extracurriculars?: ("athletics" | "arts" | "stem" | "community-service" | "leadership" | "academic-clubs" | "work-experience" | "other")[] | null;
            /** @enum {unknown} */
            firstGeneration?: "" | "yes" | "no" | "unsure";
            gender?: string;
            gpa?: string;
            /** @enum {unknown} */
            householdIncome?: "" | "under-25k" | "25k-50k" | "50k-75k" | "75k-100k" | "100k-150k" | "over-150k" | "prefer-not-to-say";
            race?: string;
        };
        Error: {
            code: components["schemas"]["ErrorCode"];
            /** @description Text a person can act on, in the request's language (crebit_lang cookie, else Accept-Language; see Content-Language). English is sent as written. */
            error: string;
            /** @description The request's JSON field at fault (dotted for nested fields), when there is one. */
            field?: string;
        };
        /**
         * @description A stable reason code. Clients branch on it (and on `field`), never on the text in `error`.
         *     Each code always answers with the same HTTP status; the table is `internal/apperr/codes.go`.
         *       - `account_number_invalid`: The account number must have 4 to 17 digits.
         *       - `amount_invalid`: The amount is not a positive amount with at most 2 decimals.
         *       - `amount_too_large`: The amount is above the maximum per payment.
         *       - `authorization_required`: The payer has not agreed to the payment authorization.
         *       - `bank_account_missing`: No US bank account of this customer was given.
         *       - `bank_details_missing`: A US bank account field is empty.
         *       - `bank_not_in_usa`: The bank must be in the USA.
         *       - `body_too_large`: The body is larger than 1 MiB.
         *       - `check_details_invalid`: School and student details for a mailed check are missing or invalid.
         *       - `conflict`: The current state does not allow this.
         *       - `country_not_supported`: Crebit serves payers from Brazil (Pix) and Mexico (SPEI).
         *       - `customer_not_found`: No such customer for this caller.
         *       - `date_of_birth_invalid`: The date of birth is not a real past date in YYYY-MM-DD, or the payer is under 18.
         *       - `delivery_method_invalid`: The delivery method is unknown or not offered for this country.
         *       - `email_invalid`: The e-mail address is not valid.
         *       - `existing_customer_unavailable`: The existing profile offered cannot be used.
         *       - `field_too_long`: A text field is longer than it may be.
         *       - `forbidden`: The caller is known but not allowed to do this.
         *       - `gone`: It existed but can no longer be used.
         *       - `idempotency_key_invalid`: The Idempotency-Key header is not printable ASCII of at most 200 characters.
         *       - `idempotency_key_reused`: The Idempotency-Key was used for a different request.
         *       - `internal`: A fault on our side; the details are only in the log.
         *       - `invalid_json`: The body is not the single JSON object this call takes.
         *       - `invalid_request`: The request is wrong; the message says what to fix.
         *       - `kyc_rejected`: The partner's identity verification refused the payer.
         *       - `kyc_review`: The payer's identity verification is still under review.
         *       - `method_not_allowed`: The path exists with other methods (see Allow).
         *       - `minimum_amount`: The amount is below the minimum for this corridor.
         *       - `not_found`: No such thing, or it is not the caller's.
         *       - `partner_unavailable`: The payment partner could not be reached; try again.
         *       - `payment_in_progress`: The same payment request is still being created; retry shortly.
         *       - `phone_invalid`: The phone number is not valid.
         *       - `quote_expired`: The quote's 5-minute lock has passed.
         *       - `quote_mismatch`: The payment does not match its locked quote (amount or currency).
         *       - `quote_not_found`: No such quote for this caller.
         *       - `quote_used`: The quote has already been used for a payment.
         *       - `receipt_not_available`: The payment has no receipt: receipts exist once it has completed.
         *       - `rate_limited`: Too many attempts; wait for Retry-After seconds.
         *       - `referral_emails_invalid`: No valid e-mail address was given to refer.
         *       - `referrals_too_many`: Too many referrals at once.
         *       - `required_fields_missing`: Required fields are empty; the message lists them.
         *       - `routing_number_invalid`: The routing number is not a valid 9-digit ABA number.
         *       - `sender_mismatch`: The sender's tax id is not the customer's.
         *       - `sender_required`: The sender's name and tax id are required.
         *       - `tax_id_invalid`: The CPF, CNPJ or CURP has the wrong length or check digits.
         *       - `terms_required`: The payer has not accepted the payment partner's terms yet.
         *       - `transaction_not_found`: No payment with this transaction id.
         *       - `unauthorized`: Missing or wrong credentials or signature.
         *       - `unavailable`: A dependency failed; try again later.
         *       - `unknown_field`: The body has a field this call does not take.
         *       - `unprocessable`: Well-formed but refused.
         *       - `wallet_missing`: The customer's wallet is missing or not this customer's.
         *       - `webhook_signature_invalid`: The webhook's signature, timestamp or secret is wrong.
         *       - `password_too_short`: The password has fewer than 12 characters.
         *       - `password_too_long`: The password has more than 128 characters.
         *       - `password_too_common`: The password is in the list of common passwords.
         *       - `password_contains_email`: The password contains the e-mail address's name.
         *       - `two_factor_required`: The call needs a sign-in that passed two-factor authentication recently (the operations console: within 8 hours).
         *       - `email_not_verified`: The account's e-mail address is not confirmed yet; the call needs it.
         *       - `account_exists`: An account with this e-mail address already exists: sign in, or reset the password.
         *       - `password_too_weak`: The password is easy to guess (a repeat, a sequence, a keyboard pattern, a date or common words); the message says which.
         *       - `invalid_credentials`: The e-mail or the password is wrong (which one is not said).
         *       - `two_factor_code_invalid`: The two-factor or recovery code is wrong, expired or already used.
         *       - `two_factor_step_expired`: The two-factor step of a sign-in expired; sign in again.
         *       - `two_factor_state`: Two-factor authentication is not in the state the call needs (already on, or not enrolled).
         *       - `link_invalid`: The e-mailed link is wrong, expired or already used.
         *       - `sign_in_required`: The call needs a signed-in account.
         *       - `current_password_invalid`: The account's current password, asked again to change the password or close the account, is wrong.
         *       - `name_invalid`: A first and a last name are both required.
         * @enum {string}
         */
        ErrorCode: "account_number_invalid" | "amount_invalid" | "amount_too_large" | "authorization_required" | "bank_account_missing" | "bank_details_missing" | "bank_not_in_usa" | "body_too_large" | "check_details_invalid" | "conflict" | "country_not_supported" | "customer_not_found" | "date_of_birth_invalid" | "delivery_method_invalid" | "email_invalid" | "existing_customer_unavailable" | "field_too_long" | "forbidden" | "gone" | "idempotency_key_invalid" | "idempotency_key_reused" | "internal" | "invalid_json" | "invalid_request" | "kyc_rejected" | "kyc_review" | "method_not_allowed" | "minimum_amount" | "not_found" | "partner_unavailable" | "payment_in_progress" | "phone_invalid" | "quote_expired" | "quote_mismatch" | "quote_not_found" | "quote_used" | "receipt_not_available" | "rate_limited" | "referral_emails_invalid" | "referrals_too_many" | "required_fields_missing" | "routing_number_invalid" | "sender_mismatch" | "sender_required" | "tax_id_invalid" | "terms_required" | "transaction_not_found" | "unauthorized" | "unavailable" | "unknown_field" | "unprocessable" | "wallet_missing" | "webhook_signature_invalid" | "password_too_short" | "password_too_long" | "password_too_common" | "password_contains_email" | "password_too_weak" | "account_exists" | "email_not_verified" | "two_factor_required" | "invalid_credentials" | "two_factor_code_invalid" | "two_factor_step_expired" | "two_factor_state" | "link_invalid" | "sign_in_required" | "current_password_invalid" | "name_invalid";
        ExistingAccount: {
            /** @description Masked to the last 4 digits. */
            bank_account_number: string;
            bank_name: string;
            id: string;
        };
        ExistingCustomerChoice: {
            existing_customer_id: string;
            /** @enum {boolean} */
            use_existing_customer: true;
        };
        ExplainedPayment: {
            account_id?: string;
            amount_local: number;
            amount_usd: number;
            bank_last4?: string;
            /** @description Waiting for its pay-in: the console offers Cancel. */
            cancellable?: boolean;
            /** @enum {string} */
            corridor: "BR" | "MX";
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            currency: "BRL" | "MXN";
            customer_id: string;
            delivery: string;
            effective_rate: string;
            /** Format: date-time */
            expires_at: string;
            failure_reason?: string;
            fees_usd: number;
            /** @description Present while an operator holds the payment. */
            hold?: {
                /** @description The operator's e-mail. */
                by: string;
                reason: string;
                /** Format: date-time */
                since: string;
            };
            kyc_status: string;
            /** @enum {string} */
            method: "pix" | "spei";
            offramp_id?: string;
            offramp_status?: string;
            partner_payin_id?: string;
            payer_email: string;
            payer_name: string;
            /** @description Its payout came back: the console offers Pay out again. */
            payout_returned?: boolean;
            recipient?: string;
            /** @description A received pay-in not yet converted: the console offers Refund. */
            refundable?: boolean;
            sender_name: string;
            status: string;
            tax_id_last4: string;
            transaction_id: string;
        };
        ExplainedReturn: {
            amount: number;
            cause: string;
            /** @enum {string} */
            currency: "BRL" | "MXN";
            id: string;
            /**
             * @description payin: the whole receipt; excess: what arrived beyond the quote.
             * @enum {string}
             */
            kind: "payin" | "excess";
            /** Format: date-time */
            opened_at: string;
            reference?: string;
            /** Format: date-time */
            returned_at?: string;
            /** @description The recording operator's e-mail. */
            returned_by?: string;
        };
        Explanation: {
            balances: {
                account: string;
                balance: number;
                currency: string;
            }[] | null;
            emails: {
                attempts: number;
                /** Format: date-time */
                failed_at?: string;
                id: string;
                last_error?: string;
                /** Format: date-time */
                queued_at: string;
                /** Format: date-time */
                sent_at?: string;
                subject: string;
                text: string;
                to: string;
            }[] | null;
            ledger: {
                /** Format: date-time */
                at: string;
                entries: {
                    account: string;
                    amount: number;
                    currency: string;
                }[];
                id: string;
                kind: string;
            }[] | null;
            other_payments: components["schemas"]["FoundPayment"][] | null;
            partner_calls: {
                about: string;
                /** Format: date-time */
                at: string;
                duration_ms: number;
                idempotency_key: string;
                operation: string;
                /** @description ok, error <partner code>, timeout, canceled or unreachable */
                outcome: string;
                /** @description JSON, identifiers masked to their last 4 */
                request: string;
                response: string;
            }[] | null;
            payment: components["schemas"]["ExplainedPayment"];
            rail: {
                /** @description Banxico's CEP page, where a SPEI transfer's proof is looked up. */
                cep_url?: string;
                pix_end_to_end_id?: string;
                spei_tracking_key?: string;
            };
            returns: components["schemas"]["ExplainedReturn"][];
            states: {
                /** Format: date-time */
                at: string;
                /** @description api, webhook:<event id>, job:<name>, partner ... */
                cause: string;
                state: string;
            }[] | null;
            webhooks: {
                body: string;
                /** @description JSON */
                headers: string;
                id: string;
                outcome: string;
                /** Format: date-time */
                processed_at?: string;
                /** Format: date-time */
                received_at: string;
                /** @enum {string} */
                signature: "verified";
                type: string;
            }[] | null;
        };
        ExternalAccount: {
            account_last4: string;
            bank_account_number: string;
            bank_name: string;
            external_account_id: string;
        };
        ExternalAccountInput: {
            account_name: string;
            address: components["schemas"]["Address"] & unknown;
            /** @description 4 to 17 digits (spaces and dashes allowed). */
            bank_account_number: string;
            bank_name: string;
            beneficiary_name: string;
            customer_id: string;
            /** @description The 9-digit ABA routing number (check digit verified). */
            routing_number: string;
        };
        Figure: {
            /**
             * Format: uri
             * @description https page the figure comes from
             */
            source: string;
            value: number;
        } | null;
        FilterSet: {
            /** Format: date-time */
            created_at: string;
            id: string;
            name: string;
            params: string;
        };
        FilterSetList: {
            filter_sets: components["schemas"]["FilterSet"][];
        };
        FilterSetRequest: {
            name: string;
            /** @description the search's query string, e.g. field=stem&award=merit */
            params: string;
        };
        FoundPayment: {
            account_id?: string;
            amount_local: number;
            amount_usd: number;
            bank_last4?: string;
            /** @enum {string} */
            corridor: "BR" | "MX";
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            currency: "BRL" | "MXN";
            delivery: string;
            /** @enum {string} */
            method: "pix" | "spei";
            payer_email: string;
            payer_name: string;
            status: string;
            tax_id_last4: string;
            transaction_id: string;
        };
        IdentityDocument: {
            /** @description brazil or mexico; the address country when absent. */
            country?: string;
            /** @description national_id (cpf, cnpj and curp are accepted too) */
            type: string;
            /** @description CPF or CNPJ (Brazil, 11-18 digits with punctuation) or CURP (Mexico, 18 characters). */
            value: string;
        };
        /** @description The data of a live status event (`event: status`). */
        LiveStatus: {
            /** @description An operator put the payment on hold: it does not advance until released; show it as under review. */
            on_hold?: boolean;
            rail_reference?: components["schemas"]["RailReference"];
            refund?: components["schemas"]["PayerRefund"];
            /** @description Same as the event's id. */
            sequence: number;
            stages: components["schemas"]["Stage"][];
            status: components["schemas"]["PaymentState"];
            tracking_number: string;
            transaction_id: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @enum {string} */
        LocalCurrency: "BRL" | "MXN";
        MailboxEntry: {
            attachments?: {
                content_type: string;
                name: string;
                /** @description Bytes. */
                size: number;
            }[];
            /** Format: date-time */
            delivered_at: string;
            /** @description Extra header fields (List-Unsubscribe, List-Unsubscribe-Post) */
            headers?: {
                [key: string]: string;
            };
            html?: string;
            id: string;
            subject: string;
            text?: string;
            to: string;
        };
        Me: {
            email: string;
            email_verified: boolean;
            /** @description The name set in Settings, else the account's newest customer profile's; empty before either. */
            first_name: string;
            id: string;
            /**
             * @description The partner's verification of the newest payer profile.
             * @enum {string}
             */
            kyc_status: "approved" | "under_review" | "rejected" | "not_started";
            /**
             * @description The language the account chose (e-mails are written in it); empty until it chooses.
             * @enum {string}
             */
            language: "" | "en" | "pt-BR" | "es-MX";
            /** @description Likewise. */
            last_name: string;
            two_factor_enabled: boolean;
        };
        MessageError: {
            code: components["schemas"]["ErrorCode"];
            error: string;
            field?: string;
            /** @description The same text as `error`. */
            message: string;
        };
        MoneyAction: {
            /** @description The operator's own password, asked again before money moves. */
            current_password: string;
            reason: string;
        };
        MyReferrals: {
            /** @description The payer profile the link and the invitations belong to (what POST /api/referrals takes); empty until the account has a payer profile. */
            customer_id: string;
            invitations: {
                email: string;
                /** Format: date-time */
                invited_at: string;
            }[];
            /** @description The payer's personal invitation link; empty until the account has a payer profile. */
            link: string;
            rewards: {
                /** @description US dollars, e.g. 100.00 */
                amount_usd: string;
                /** Format: date-time */
                earned_at: string;
                /**
                 * @description The card the referrer chose; empty until chosen.
                 * @enum {string}
                 */
                gift_card_brand: "" | "Amazon" | "Apple" | "Google Play" | "Visa" | "Target" | "Starbucks";
                id: string;
                /**
                 * @description earned: to be sent as a gift card by an operator; held: waiting for an operator's review (a signal that can be innocent, such as the same browser or address); refused: the referred payment was the referrer's own (same tax id, bank account, account or e-mail); sent: the gift card was sent.
                 * @enum {string}
                 */
                status: "earned" | "held" | "refused" | "sent";
            }[];
        };
        NewCustomer: {
            address: components["schemas"]["Address"];
            date_of_birth: string;
            /** Format: email */
            email: string;
            first_name: string;
            identity_documents: components["schemas"]["IdentityDocument"][];
            last_name: string;
            /** @description 8 to 15 digits once everything else is removed. */
            phone_number: string;
            /** @enum {string} */
            type?: "individual" | "";
        };
        Operator: {
            account_id: string;
            email: string;
            /** @enum {string} */
            role: "support" | "finance" | "admin";
        };
        OperatorRow: {
            /** @description "cli" or the adding operator's account id. */
            added_by: string;
            email: string;
            /** @enum {string} */
            role: "support" | "finance" | "admin";
            /** Format: date-time */
            since: string;
        };
        OpsStateResult: {
            status: components["schemas"]["PaymentState"];
        };
        /**
         * @description BlindPay's webhook body, verified by signature and stored as
         *     received: the object's own fields (a payin, a payout, a customer, a
         *     terms acceptance) flat beside `webhook_event`. Outcomes are read from
         *     `status`, never from the event's name.
         */
        PartnerEvent: {
            /** @description The object's id (`pi_…`, `pa_…`, `cu_…`, `to_…`). */
            id?: string;
            status?: string;
            /** @description `payin.new`, `payin.update`, `payin.complete`, `payout.new`, `payout.update`, `payout.complete`, `customer.new`, `customer.update`, `tos.accept`; others are acknowledged and ignored. */
            webhook_event?: string;
        };
        PartnerTerms: {
            /** @description The partner confirmed this session's acceptance. */
            accepted: boolean;
            /** @description The partner asks for an acceptance of its terms before identity. */
            required: boolean;
            /**
             * Format: uri
             * @description The partner's page to open (POST only).
             */
            url?: string;
        };
        PartnerTermsRequest: {
            /** @description Where on this site the browser comes back to, e.g. /pay (default /). */
            return_path?: string;
        };
        PasswordRequest: {
            /** @description The account's current password. */
            current_password: string;
        };
        /** @description Money owed back to the payer; null when there is none. In progress until an operator records that the partner returned it. */
        PayerRefund: {
            amount: number;
            /** @enum {string} */
            currency: "BRL" | "MXN";
            /** Format: date-time */
            returned_at?: string;
            /** @enum {string} */
            status: "in_progress" | "returned";
        } | null;
        PaymentEmail: {
            /** @description When it is sent. */
            about: string;
            body: string;
            /** @description Sent when a payment ends without delivering (no timing). */
            ending: boolean;
            heading: string;
            stage: components["schemas"]["PaymentState"];
            subject: string;
            /** @description How soon after paying it usually comes; empty for the endings. */
            timing: string;
        };
        PaymentProfile: {
            bank_accounts: components["schemas"]["SavedBankAccount"][];
            /** @enum {unknown} */
            country: "brazil" | "mexico";
            customer_id: string;
            /** @description approved, under_review (payments wait), or what the partner said. */
            kyc_status: string;
            name: string;
            wallet_ready: boolean;
        };
        PaymentSetup: {
            check_waitlist: boolean;
            profiles: components["schemas"]["PaymentProfile"][];
        };
        /** @enum {string} */
        PaymentState: "created" | "awaiting_payin" | "payin_processing" | "payin_completed" | "offramp_created" | "completed" | "check_mailed" | "expired" | "failed" | "refunded" | "payin_mismatch";
        Person: {
            closed: boolean;
            /** Format: date-time */
            created_at: string;
            email: string;
            id: string;
            /** @enum {string} */
            kind: "account" | "guest";
            name?: string;
            payments: number;
            verified: boolean;
        };
        PixPayment: {
            amount_brl: components["schemas"]["Amount"];
            amount_usd: components["schemas"]["Amount"];
            /** Format: date-time */
            created_at: string;
            delivery_method: components["schemas"]["DeliveryMethod"];
            /** @description The Pix copy-and-paste code. */
            deposit_address: string;
            effective_rate: number;
            /** Format: date-time */
            expires_at: string;
            /** @enum {unknown} */
            local_currency: "BRL";
            pix_code: string;
            status: components["schemas"]["PaymentState"];
            total_fees_usd: components["schemas"]["Amount"];
            transaction: {
                deposit_address: string;
                id: string;
                payment_instructions: {
                    deposit_address: string;
                    pix_code: string;
                };
                pix_code: string;
                sender_deposit_instructions: components["schemas"]["DepositInstructions"];
            };
            transaction_id: string;
        };
        PixPaymentRequest: {
            /** @description The quote's total_local_amount, exactly. */
            amount_brl: number;
            authorization?: components["schemas"]["AuthorizationInput"];
            check_details?: components["schemas"]["CheckDetails"];
            customer_id: string;
            delivery_method?: components["schemas"]["DeliveryMethod"];
            /** @description The session's last bank account when absent. */
            external_account_id?: string;
            /** @description The quote's on-ramp id. */
            quote_id: string;
            /** @description The customer's CPF or CNPJ. */
            sender_document: string;
            sender_name: string;
            wallet_address: string;
        };
        QuickMatch: {
            /** @enum {unknown} */
            audienceContext?: "" | "INTERNATIONAL_IN_COUNTRY" | "DOMESTIC_ONLY" | "OUTBOUND_STUDY_ABROAD" | "ANY_UNSURE";
            citizenshipCountries?: ("US" | "BR" | "MX" | "CA" | "AR" | "CO" | "PE" | "CL")[] | null;
            currentResidency?: {
                /** @enum {unknown} */
                countryCode?: "" | "US" | "BR" | "MX" | "CA" | "AR" | "CO" | "PE" | "CL";
            };
            degreeLevel?: ("HS_SENIOR" | "UNDERGRAD" | "MASTERS" | "PHD" | "POSTDOC" | "NONDEGREE")[] | null;
            disabilityTags?: string[] | null;
            /** @enum {unknown} */
            fafsaStatus?: "" | "Completed" | "Will_file" | "Not_applicable";
            faithTags?: string[] | null;
            /**
             * @description "" is unanswered
             * @enum {unknown}
             */
            firstGen?: "" | "yes" | "no" | "prefer_not_to_say";
            genderIdentityTags?: string[] | null;
            genderTags?: string[] | null;
            gpaCurrent?: number | null;
            /** @enum {unknown} */
            gpaScale?: "" | "4.0" | "10.0";
            intendedMajors?: string;
            /** @enum {unknown} */
            lgbtq?: "" | "yes" | "no" | "prefer_not_to_say";
            /** @enum {unknown} */
            lowIncome?: "" | "yes" | "no" | "prefer_not_to_say";
            /** @description ids of the 19 major areas */
            majorAreasOfInterest?: string[] | null;
            /** @enum {unknown} */
            plannedCollegeCountry?: "" | "US" | "BR" | "MX" | "CA" | "AR" | "CO" | "PE" | "CL";
            raceEthnicityTags?: string[] | null;
            sexualOrientationTags?: string[] | null;
            /** @enum {unknown} */
            visaStatus?: "" | "F-1" | "J-1" | "Other" | "None_NA";
            yearOfStudy?: ("INCOMING_FROSH" | "FRESHMAN" | "SOPHOMORE" | "JUNIOR" | "SENIOR" | "GRAD")[] | null;
        };
        Quote: {
            amount_usd: components["schemas"]["Amount"];
            /** @description Local currency per USD delivered, fees included. */
            effective_rate: number;
            /** Format: date-time */
            expires_at: string;
            /** @example Nov 22, 2026 04:24:25 UTC */
            expires_at_readable: string;
            local_currency: components["schemas"]["LocalCurrency"];
            /** @description USDC to USD (quotation is USD per USDC). */
            off_ramp: components["schemas"]["Ramp"];
            /** @description Local currency to USDC (quotation is local per USDC). */
            on_ramp: components["schemas"]["Ramp"];
            symbol: components["schemas"]["Symbol"];
            total_fees_usd: components["schemas"]["Amount"];
            total_local_amount: components["schemas"]["Amount"];
        };
        QuoteIDs: {
            off_ramp_quote_id: string;
            on_ramp_quote_id: string;
        };
        QuoteRequest: {
            /** @description USD to deliver; at most 2 decimals, written without an exponent. Brazil minimum 16. */
            amount_usd: number;
            symbol: components["schemas"]["Symbol"];
        };
        /** @enum {string} */
        QuoteType: "on_ramp" | "off_ramp";
        /**
         * @description Only for the owner, once the pay-in completed: the rail's own reference for the
         *     transfer, which the payer's bank also shows. Pix: the end-to-end id. SPEI: the
         *     tracking key (clave de rastreo) and Banxico's CEP lookup, where the payer can get
         *     the transfer's proof.
         */
        RailReference: {
            /** @enum {string} */
            kind: "pix_end_to_end_id" | "spei_tracking_key";
            /** Format: uri */
            lookup_url?: string;
            value: string;
        };
        Ramp: {
            /** @description The partner's quote id (send the on-ramp id as quote_id when paying). */
            id: string;
            quotation: number;
        };
        Rate: {
            effective_rate: number;
            quote_type: components["schemas"]["QuoteType"];
            symbol: components["schemas"]["Symbol"];
        };
        RateRequest: {
            quote_type: components["schemas"]["QuoteType"];
            symbol: components["schemas"]["Symbol"];
        };
        Rates: {
            /** Format: date-time */
            as_of: string;
            rates: {
                local_currency: components["schemas"]["LocalCurrency"];
                off_ramp: number;
                on_ramp: number;
                symbol: components["schemas"]["Symbol"];
            }[];
        };
        ReferralArrival: {
            /** @description The `ref` of the invitation link (10 characters, 0-9 A-F). */
            code: string;
        };
        ReferralRequest: {
            customer_id: string;
            emails: string[];
        };
        Referred: {
            message: string;
            sent: number;
        };
        ReturnsQueue: {
            owed: {
                amount: number;
                cause: string;
                /** @enum {string} */
                currency: "BRL" | "MXN";
                id: string;
                /** @enum {string} */
                kind: "payin" | "excess";
                /** Format: date-time */
                opened_at: string;
                payer_email: string;
                payer_name: string;
                reference?: string;
                /** Format: date-time */
                returned_at?: string;
                returned_by?: string;
                status: components["schemas"]["PaymentState"];
                transaction_id: string;
            }[];
            payouts: {
                amount_usd: number;
                offramp_id: string;
                /** @description refunded: pay out again; failed: a case for the partner's support. */
                offramp_status: string;
                payer_email: string;
                transaction_id: string;
                /** Format: date-time */
                updated_at: string;
            }[];
        };
        SavedBankAccount: {
            account_holder_name: string;
            bank_name: string;
            id: string;
            last4: string;
        };
        ScholarshipAlert: {
            /** Format: date-time */
            confirmed_at: string | null;
            /** Format: date-time */
            created_at: string;
            id: string;
            /** Format: date-time */
            last_digest_at: string | null;
            /** @description the saved search's query string */
            params: string;
            /**
             * @description pending until the e-mailed link is followed
             * @enum {unknown}
             */
            status: "pending" | "active" | "unsubscribed";
        };
        ScholarshipOverview: {
            count: number;
            /** @description Latest verified_at in the catalog (YYYY-MM-DD); empty when the catalog is empty. */
            last_verified: string;
        };
        ScholarshipProgram: {
            amount: {
                /** @enum {unknown} */
                currency: "USD" | "BRL" | "MXN";
                max: number | null;
                min: number | null;
                text: string;
            };
            applicants: components["schemas"]["Figure"];
            award_types: string[];
            awarded: components["schemas"]["Figure"];
            coverage: string[];
            /** @description The cycle's status as the sources show it: open (a dated deadline ahead), closed (the last dated deadline passed, no next cycle announced), next_expected (the month is known from recent sources), discontinued (with its evidence), unknown (no date and no recent source). */
            cycle: {
                /** @description the dated deadline, open or passed */
                date?: string;
                /** Format: uri */
                evidence?: string;
                month?: number;
                since?: string;
                /** @enum {unknown} */
                status: "open" | "closed" | "next_expected" | "discontinued" | "unknown";
            };
            deadline: {
                date?: string;
                /** @description estimated next date (next cycle, or the rule's month) */
                expected?: string;
                month?: number;
                rule?: string;
                /**
                 * @description closed: the dated deadline passed (see cycle for what is known of the next one)
                 * @enum {unknown}
                 */
                status: "open" | "closed" | "recurring";
            };
            description: string;
            eligibility: string[];
            eligible?: boolean;
            fields: string[];
            id: string;
            legitimacy: {
                /** @description always true: the catalog refuses programs that charge a fee to apply */
                free_to_apply: boolean;
                /** @description a loan, to be repaid (shown only when asked for) */
                loan: boolean;
                /** @description a grant or a loan depending on the case */
                may_be_loan: boolean;
                /**
                 * Format: uri
                 * @description the official page read, absent when only third-party pages were found
                 */
                official_source?: string;
                /** @enum {unknown} */
                runner: "government" | "university" | "foundation" | "nonprofit" | "company" | "lender";
            };
            levels: string[];
            match?: number;
            /** Format: uri */
            official_url: string;
            provider: string;
            renewable: boolean | null;
            requirements: string[];
            /** @description Every page the card's facts come from. */
            sources: {
                /** @description how old the page's content is, as it shows it (YYYY, YYYY-MM or YYYY-MM-DD); null when it shows no date */
                content_date: string | null;
                facts: ("amount" | "deadline" | "eligibility" | "requirements" | "coverage" | "status" | "figures")[];
                /** @description the program's or its provider's own page; false for news, blogs, directories */
                official: boolean;
                /** @description the day the page was read (YYYY-MM-DD) */
                read_at: string;
                /** Format: uri */
                url: string;
            }[];
            tags: string[];
            title: string;
            unknown?: components["schemas"]["Chip"][];
            verified_at: string;
            why?: components["schemas"]["Chip"][];
            why_not?: components["schemas"]["Chip"][];
        };
        ScholarshipSearch: {
            /** @description Per Advanced Filter (award, category, level, field), how many programs each option would leave with every other choice kept. */
            counts: {
                [key: string]: {
                    [key: string]: number;
                };
            };
            /**
             * @description no_terms: the text held only words that search nothing; the results are the whole list
             * @enum {unknown}
             */
            hint?: "no_terms";
            /** @enum {unknown} */
            mode: "keyword" | "semantic";
            page: number;
            per_page: number;
            profile_applied: boolean;
            results: components["schemas"]["ScholarshipProgram"][];
            /** @enum {unknown} */
            sort: "best" | "deadline" | "magic";
            total: number;
            understood: components["schemas"]["Chip"][];
        };
        Signin: {
            /** Format: date-time */
            at: string;
            /** @description Browser family; empty when not recognised. */
            browser: string;
            /** @description Operating system; empty when not recognised. */
            os: string;
        };
        SignInAnswer: {
            me?: components["schemas"]["Me"];
            two_factor_required: boolean;
            /** @description Present when two_factor_required: send it with the code to /api/signin/two-factor (valid 5 minutes). */
            two_factor_token?: string;
        };
        /** @description The sign-up's US bank account, checked before the account is created (create-external-account's fields without customer_id). */
        SignUpBankAccount: {
            account_name: string;
            address: components["schemas"]["Address"] & unknown;
            /** @description 4 to 17 digits (spaces and dashes allowed). */
            bank_account_number: string;
            bank_name: string;
            beneficiary_name: string;
            /** @description The 9-digit ABA routing number (check digit verified). */
            routing_number: string;
        };
        SignUpRequest: {
            bank_account?: components["schemas"]["SignUpBankAccount"];
            customer?: components["schemas"]["NewCustomer"];
            /** Format: email */
            email: string;
            password: string;
        };
        SpeiPayment: {
            amount_mxn: components["schemas"]["Amount"];
            amount_usd: components["schemas"]["Amount"];
            bank_account: {
                bank_name: string;
                clabe: string;
            };
            beneficiary: {
                name: string;
            };
            /** Format: date-time */
            created_at: string;
            delivery_method: components["schemas"]["DeliveryMethod"];
            /** @description The CLABE to pay into. */
            deposit_address: string;
            effective_rate: number;
            /** Format: date-time */
            expires_at: string;
            /** @enum {unknown} */
            local_currency: "MXN";
            status: components["schemas"]["PaymentState"];
            total_fees_usd: components["schemas"]["Amount"];
            transaction: {
                deposit_address: string;
                id: string;
                sender_deposit_instructions: components["schemas"]["DepositInstructions"];
            };
            transaction_id: string;
        };
        SpeiPaymentRequest: {
            /** @description The quote's total_local_amount, exactly. */
            amount_mxn: number;
            authorization?: components["schemas"]["AuthorizationInput"];
            customer_id: string;
            /** @enum {unknown} */
            delivery_method?: "usd-bank-transfer";
            external_account_id?: string;
            /** @description The quote's on-ramp id. */
            quote_id: string;
            /** @description The payer's CURP (18 characters). */
            sender_clabe: string;
            sender_name?: string;
            wallet_address?: string;
            wallet_id: string;
        };
        Stage: {
            /** Format: date-time */
            at: string | null;
            reached: boolean;
            status: components["schemas"]["PaymentState"];
        };
        Subscribed: {
            message: string;
            /** @enum {unknown} */
            subscribed: true;
        };
        SubscribeRequest: {
            /** Format: email */
            email: string;
            /** @description Where the form was (landing by default); at most 40 characters are kept. */
            source?: string;
        };
        /** @enum {string} */
        Symbol: "USDC/BRL" | "USDC/MXN";
        TrackedApplication: {
            cycle: {
                date?: string;
                /** Format: uri */
                evidence?: string;
                month?: number;
                since?: string;
                /** @enum {unknown} */
                status: "open" | "closed" | "next_expected" | "discontinued" | "unknown";
            };
            /** @description the student's deadline (YYYY-MM-DD) */
            deadline: string | null;
            /** @description The record's requirements, in the request's language, ticked or not. */
            documents: {
                done: boolean;
                label: string;
            }[];
            id: string;
            /** @description where the status may go next */
            moves: components["schemas"]["ApplicationStatus"][];
            notes: string;
            /** Format: uri */
            official_url: string;
            program_id: string;
            provider: string;
            status: components["schemas"]["ApplicationStatus"];
            title: string;
            /** Format: date-time */
            updated_at: string;
        };
        Transaction: {
            amount_local: number;
            amount_usd: number;
            /** Format: date-time */
            created_at: string;
            delivery_method: string;
            /** @enum {string} */
            direction: "sent" | "received";
            local_currency: string;
            /** @description The school of a mailed check, else the US bank account's holder. */
            recipient: string;
            status: string;
            /** @enum {string} */
            status_group: "completed" | "processing" | "failed";
            transaction_id: string;
        };
        TransactionDetail: {
            amount_local: number;
            amount_usd: number;
            /** @description Masked: ****1234. */
            bank_account_number?: string;
            bank_name?: string;
            beneficiary_name?: string;
            /** Format: date-time */
            created_at: string;
            delivery_method: string;
            /** @description The BR Code or CLABE, likewise. */
            deposit_address?: string;
            deposit_bank_name?: string;
            /** @enum {string} */
            direction: "sent" | "received";
            effective_rate: string;
            /** Format: date-time */
            expires_at: string;
            failure_reason?: string;
            local_currency: string;
            /** @enum {string} */
            method: "pix" | "spei";
            /** @enum {string} */
            next_action: "pay" | "wait" | "receipt" | "new_payment" | "refund";
            /** @description Only while the payer still has to pay (next_action pay). */
            pix_code?: string;
            receipt_url?: string;
            /** @description The school of a mailed check, else the US bank account's holder. */
            recipient: string;
            /** @description Money owed back to the payer (in_progress until an operator records that the partner returned it) or returned. */
            refund?: {
                amount: number;
                /** @enum {string} */
                currency: "BRL" | "MXN";
                /** Format: date-time */
                returned_at?: string;
                /** @enum {string} */
                status: "in_progress" | "returned";
            };
            stages: components["schemas"]["Stage"][];
            status: string;
            /** @enum {string} */
            status_group: "completed" | "processing" | "failed";
            total_fees_usd: number;
            tracking_number?: string;
            transaction_id: string;
            /** Format: date-time */
            updated_at: string;
        };
        TransactionPage: {
            page: number;
            page_size: number;
            total: number;
            transactions: components["schemas"]["Transaction"][];
        };
        TransactionStatus: {
            amount_local: components["schemas"]["Amount"];
            amount_usd: components["schemas"]["Amount"];
            /** Format: date-time */
            created_at: string;
            delivery_method: components["schemas"]["DeliveryMethod"];
            /** @description Only for the owner. */
            details?: {
                school_name?: string;
                sender_name: string;
                student_id?: string;
                student_name?: string;
            };
            effective_rate: number;
            /** Format: date-time */
            expires_at: string;
            /** @description Only for the owner, when the payment ended otherwise than completed: why (e.g. the pay-in was BRL 1.00, not the quoted amount; it is being returned). */
            failure_reason?: string;
            local_currency: components["schemas"]["LocalCurrency"];
            /** @enum {string} */
            method: "pix" | "spei";
            /** @description An operator put the payment on hold: it does not advance until released; show it as under review. */
            on_hold?: boolean;
            /** @description This browser made the payment. */
            owned: boolean;
            rail_reference?: components["schemas"]["RailReference"];
            /** @description Only for the owner of a completed payment: where its PDF receipt is. */
            receipt_url?: string;
            refund?: components["schemas"]["PayerRefund"];
            stages: components["schemas"]["Stage"][];
            status: components["schemas"]["PaymentState"];
            /** @description The mailed check's tracking number, or empty. */
            tracking_number: string;
            transaction_id: string;
            /** Format: date-time */
            updated_at: string;
        };
        TriggerAccepted: {
            event: string;
            /** @enum {unknown} */
            status: "accepted";
            transaction_id: string;
        };
        TriggerRequest: {
            /** @enum {string} */
            event: "payin_processing" | "payin_completed" | "offramp_created" | "offramp_completed" | "payin_failed";
            transaction_id: string;
        };
        Wallet: {
            customer_id: string;
            wallet_address: string;
            wallet_id: string;
        };
        WalletRequest: {
            customer_id: string;
        };
        WebhookReceived: {
            duplicate: boolean;
            /** @enum {unknown} */
            received: true;
        };
        WebhookSetup: {
            /** @enum {unknown} */
            status: "registered";
            /** Format: uri */
            url: string;
        };
        WebhookStatus: {
            /** Format: date-time */
            expires_at: string;
            offramp_completed: boolean;
            offramp_transaction: null | {
                amount: components["schemas"]["Amount"];
                /** @enum {unknown} */
                currency: "USD";
                id: string;
                status: string;
            };
            /** @description An operator put the payment on hold: it does not advance until released; show it as under review. */
            on_hold?: boolean;
            payin_completed: boolean;
            payin_processing: boolean;
            refund?: components["schemas"]["PayerRefund"];
            status: {
                status: components["schemas"]["PaymentState"];
                /** Format: date-time */
                updated_at: string;
            };
            transaction_id: string;
        };
    };
    responses: {
        /** @description The request is wrong; the message says how (validation texts of the specification, or a decoding problem). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `cross-origin request refused` */
        CrossOrigin: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `Customer not found. Please create a customer profile first.` (also for another browser's customer) */
        CustomerNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `internal error` (details only in the server log, under the request id) */
        Internal: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `link_invalid`: the link is wrong, expired or already used. */
        LinkInvalid: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `not_found`: as for a path that does not exist (anyone who is not an operator, or whose role does not reach the action). */
        NoSuchRoute: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The payment partner failed or could not be reached; retry later. */
        PartnerUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `No valid quote found. Please generate a new quote.` or `Customer not found. Please create a customer profile first.` */
        PaymentNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Identity verification incomplete, or the Idempotency-Key was used for a different request. */
        PaymentRefused: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `This quote has expired. Please get a new quote.` */
        QuoteExpired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `This quote has already been used for a payment. Please generate a new quote.` */
        QuoteUsed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many calls of this kind from this browser session or client IP (`rate_limited`); wait for the `Retry-After` seconds. */
        RateLimited: {
            headers: {
                /** @description Seconds until the limit's window ends. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `request body is larger than 1048576 bytes` */
        TooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `Transaction not found. Please check the transaction ID.` */
        TransactionNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `two_factor_required`: an operator whose sign-in did not pass two-factor authentication within 8 hours. */
        TwoFactorRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Signed out, wrong credentials or a wrong code (`code` says which). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description Any text of at most 200 characters, unique per payment attempt. The
         *     same key with the same request returns the first payment; with a
         *     different request it is refused (422).
         */
        IdempotencyKey: string;
        TransactionIDPath: string;
    };
    requestBodies: never;
    headers: {
        /** @description Sets `crebit_session` when the browser had no valid session yet. */
        SetSession: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    config: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration the web app needs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Config"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerInput"];
            };
        };
        responses: {
            /** @description The new (or confirmed existing) customer. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetSession"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Customer"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            /** @description `Failed to use existing account. Please try again.` (not this browser's customer, or no such customer) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `terms_required`: the partner asks the payer to accept its terms first (see /api/partner-terms). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description `kyc_rejected`: the partner could not verify the identity (corrected details are a new request and may be sent at once); `unprocessable`: the partner refused the request for good. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["PartnerUnavailable"];
        };
    };
    createExternalAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExternalAccountInput"];
            };
        };
        responses: {
            /** @description The bank account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExternalAccount"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            404: components["responses"]["CustomerNotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["PartnerUnavailable"];
        };
    };
    createPixPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any text of at most 200 characters, unique per payment attempt. The
                 *     same key with the same request returns the first payment; with a
                 *     different request it is refused (422).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PixPaymentRequest"];
            };
        };
        responses: {
            /** @description The payment and its Pix deposit instructions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PixPayment"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            404: components["responses"]["PaymentNotFound"];
            409: components["responses"]["QuoteUsed"];
            410: components["responses"]["QuoteExpired"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["PaymentRefused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["PartnerUnavailable"];
        };
    };
    createQuote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteRequest"];
            };
        };
        responses: {
            /** @description The locked quote. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetSession"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quote"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["PartnerUnavailable"];
        };
    };
    createIndicativeRate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RateRequest"];
            };
        };
        responses: {
            /** @description The indicative rate. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rate"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["PartnerUnavailable"];
        };
    };
    createSpeiPayment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any text of at most 200 characters, unique per payment attempt. The
                 *     same key with the same request returns the first payment; with a
                 *     different request it is refused (422).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SpeiPaymentRequest"];
            };
        };
        responses: {
            /** @description The payment and its SPEI deposit instructions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpeiPayment"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            404: components["responses"]["PaymentNotFound"];
            409: components["responses"]["QuoteUsed"];
            410: components["responses"]["QuoteExpired"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["PaymentRefused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["PartnerUnavailable"];
        };
    };
    createWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WalletRequest"];
            };
        };
        responses: {
            /** @description The wallet. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Wallet"];
                };
            };
            /** @description Malformed body, or `No customer ID found. Please create a customer profile first.` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageError"];
                };
            };
            403: components["responses"]["CrossOrigin"];
            /** @description `Customer not found. Please create a customer profile first.` (also for another browser's customer) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageError"];
                };
            };
            /** @description The body is larger than 1 MiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageError"];
                };
            };
            /** @description `internal error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageError"];
                };
            };
            /** @description The partner could not open the wallet. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageError"];
                };
            };
        };
    };
    checkWaitlistJoin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    country: "brazil" | "mexico";
                };
            };
        };
        responses: {
            /** @description On the waitlist (asking again changes nothing). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        check_waitlist: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    dashboardOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardOverview"];
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    dashboardPaymentSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentSetup"];
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    dashboardPaymentCreate: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Any text of at most 200 characters, unique per payment attempt. The
                 *     same key with the same request returns the first payment; with a
                 *     different request it is refused (422).
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DashboardPaymentRequest"];
            };
        };
        responses: {
            /** @description The payment and its deposit instructions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardPayment"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossOrigin"];
            404: components["responses"]["PaymentNotFound"];
            409: components["responses"]["QuoteUsed"];
            410: components["responses"]["QuoteExpired"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["PaymentRefused"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["PartnerUnavailable"];
        };
    };
    dashboardTransactions: {
        parameters: {
            query?: {
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    dashboardTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: components["parameters"]["TransactionIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionDetail"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["TransactionNotFound"];
            500: components["responses"]["Internal"];
        };
    };
    forgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    lastCustomerId: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerID"];
                };
            };
            /** @description `No customer ID found in session` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    lastQuoteIds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The on-ramp and off-ramp ids of the last quote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteIDs"];
                };
            };
            /** @description `No quote IDs found in session` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Nobody is signed in. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            500: components["responses"]["Internal"];
        };
    };
    meBankAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bank_accounts: components["schemas"]["SavedBankAccount"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    meBankAccountRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
        };
    };
    meClose: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Closed and signed out. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        closed: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    meData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK, as an attachment (Content-Disposition). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataExport"];
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    meLanguageUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    lang: "en" | "pt-BR" | "es-MX";
                };
            };
        };
        responses: {
            /** @description Saved. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    meNameUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    first_name: string;
                    last_name: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    mePasswordChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "password_changed";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    myReferrals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyReferrals"];
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    myRewardGiftCard: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    brand: "Amazon" | "Apple" | "Google Play" | "Visa" | "Target" | "Starbucks";
                };
            };
        };
        responses: {
            /** @description Chosen. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
        };
    };
    scholarshipAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        alerts: components["schemas"]["ScholarshipAlert"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    createScholarshipAlert: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the search's query string, as the search page's URL has it ("" = the saved profile alone) */
                    params: string;
                };
            };
        };
        responses: {
            /** @description Pending until confirmed. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScholarshipAlert"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossOrigin"];
            /** @description `conflict`: an alert for this search exists, or 10 do */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    stopScholarshipAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stopped. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossOrigin"];
            /** @description `No alert with that id` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    scholarshipTracker: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applications: components["schemas"]["TrackedApplication"][];
                        states: components["schemas"]["ApplicationStatus"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    trackScholarship: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    program_id: string;
                };
            };
        };
        responses: {
            /** @description Saved. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackedApplication"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossOrigin"];
            /** @description `conflict`: the program is already tracked, or 100 programs are */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    untrackScholarship: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossOrigin"];
            /** @description `No tracked application with that id` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    updateTrackedScholarship: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description YYYY-MM-DD, or empty to clear it */
                    deadline?: string;
                    /** @description indexes of the requirements that are done */
                    documents?: number[];
                    notes?: string;
                    status?: components["schemas"]["ApplicationStatus"];
                };
            };
        };
        responses: {
            /** @description Updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackedApplication"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["CrossOrigin"];
            /** @description `No tracked application with that id` (also another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: that move is not allowed from the current status */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    meSignins: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        signins: components["schemas"]["Signin"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    opsAudit: {
        parameters: {
            query?: {
                /** @description The `next` value of the page before: the entries after it in the log's order, newest first by time then id. */
                after?: string;
                /** @description Entries a page (50 unless given). */
                limit?: number;
                object_id?: string;
                object_type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: components["schemas"]["AuditEntry"][];
                        /** @description Present when there are older entries: pass it as `after`. */
                        next?: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            404: components["responses"]["NoSuchRoute"];
        };
    };
    opsHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The health view. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balances: {
                            account: string;
                            balance: number;
                            currency: string;
                        }[];
                        /** Format: date-time */
                        checked_at: string;
                        emails_failed: number;
                        emails_waiting: number;
                        failed_emails: {
                            attempts: number;
                            /** Format: date-time */
                            failed_at: string | null;
                            id: string;
                            kind: string;
                            last_error: string;
                            to: string;
                            transaction_id?: string;
                        }[];
                        ignored_webhooks: {
                            id: string;
                            outcome: string;
                            /** Format: date-time */
                            received_at: string;
                            type: string;
                        }[];
                        jobs: {
                            count: number;
                            kind: string;
                            state: string;
                        }[];
                        ledger: {
                            ok: boolean;
                            problems: string[];
                            transactions: number;
                        };
                        payment_accounts_holding_funds: number;
                        rate_limit_refusals_since_start: {
                            [key: string]: number;
                        };
                        stuck_payments: {
                            /** Format: date-time */
                            since: string;
                            status: string;
                            transaction_id: string;
                        }[];
                        webhook_signature_refusals_since_start: number;
                    };
                };
            };
            403: components["responses"]["TwoFactorRequired"];
            404: components["responses"]["NoSuchRoute"];
        };
    };
    opsMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operator. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Operator"];
                };
            };
            403: components["responses"]["TwoFactorRequired"];
            404: components["responses"]["NoSuchRoute"];
        };
    };
    opsOperators: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operators. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        operators: components["schemas"]["OperatorRow"][];
                    };
                };
            };
            403: components["responses"]["TwoFactorRequired"];
            404: components["responses"]["NoSuchRoute"];
        };
    };
    opsOperatorSet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    reason: string;
                    /** @enum {string} */
                    role: "support" | "finance" | "admin";
                };
            };
        };
        responses: {
            /** @description Done, and written to the audit log. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            404: components["responses"]["NoSuchRoute"];
            /** @description `conflict`: an admin cannot change their own role. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsOperatorRemove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Done, and written to the audit log. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            404: components["responses"]["NoSuchRoute"];
            /** @description `conflict`: an admin cannot remove themselves. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsFindPayments: {
        parameters: {
            query?: {
                /** @description The `next` value of the page before. */
                after?: string;
                corridor?: "BR" | "MX";
                /** @description Created on or after this day (UTC). */
                from?: string;
                max_usd?: string;
                /** @description US dollars, a decimal. */
                min_usd?: string;
                q?: string;
                /** @description Payment states, comma-separated. */
                status?: string;
                /** @description Created on or before this day (UTC). */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Present when there are more: pass it as `after`. */
                        next?: string;
                        payments: components["schemas"]["FoundPayment"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            404: components["responses"]["NoSuchRoute"];
        };
    };
    opsExplainPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The explanation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Explanation"];
                };
            };
            403: components["responses"]["TwoFactorRequired"];
            /** @description `transaction_not_found`, or for anyone who is not an operator the 404 of a path that does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsCancelPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Cancelled, with the state the payment is in now; written to the audit log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpsStateResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `transaction_not_found` (or the 404 of a path that does not exist for anyone who is not a finance or admin operator). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: only a payment waiting for its pay-in can be cancelled. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsHoldPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Held, and written to the audit log. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `transaction_not_found` (or the 404 of a path that does not exist for anyone who is not a finance or admin operator). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the payment has ended or is still being opened, or is already on hold. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsPayOutAgain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MoneyAction"];
            };
        };
        responses: {
            /** @description The new payout is queued; written to the audit log. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `transaction_not_found` (or the 404 of a path that does not exist for anyone who is not a finance or admin operator). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the payment's payout did not come back. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsRefundPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MoneyAction"];
            };
        };
        responses: {
            /** @description Refunded (owed back), with the state the payment is in now; written to the audit log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpsStateResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `transaction_not_found` (or the 404 of a path that does not exist for anyone who is not a finance or admin operator). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: only a received pay-in not yet converted can be refunded. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsReleasePayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Released, with the state the payment is in now and the events applied; written to the audit log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied_events: string[];
                        status: components["schemas"]["PaymentState"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `transaction_not_found` (or the 404 of a path that does not exist for anyone who is not a finance or admin operator). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the payment is not on hold. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsReplayWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A `webhooks[].id` of the payment's explanation. */
                    event_id: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description What the replay did, e.g. "no change" or "payin_completed → offramp_created"; written to the audit log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        outcome: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `not_found`: the payment received no such webhook (or the 404 of a path that does not exist for anyone who is not finance). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsResendMail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An `emails[].id` of the payment's explanation. */
                    mail_id: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Queued, and written to the audit log. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `not_found`: the payment sent no such e-mail (or the 404 of a path that does not exist for anyone who is not an operator). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsFindPeople: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The people. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        people: components["schemas"]["Person"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            404: components["responses"]["NoSuchRoute"];
        };
    };
    opsReturns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The returns queue. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReturnsQueue"];
                };
            };
            403: components["responses"]["TwoFactorRequired"];
            /** @description The 404 of a path that does not exist, for anyone who is not a finance or admin operator. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsRecordReturn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    reason: string;
                    /** @description The partner's reference for the return. */
                    reference: string;
                };
            };
        };
        responses: {
            /** @description The return, now recorded; written to the audit log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExplainedReturn"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `not_found`: no such return (or the 404 of a path that does not exist for anyone who is not a finance or admin operator). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the return was already recorded. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsRewards: {
        parameters: {
            query?: {
                status?: "earned" | "held" | "sent" | "refused";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up to 200 rewards. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rewards: components["schemas"]["ConsoleReward"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            404: components["responses"]["NoSuchRoute"];
        };
    };
    opsRewardReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "release" | "refuse";
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Done, and written to the audit log. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `not_found`: no such reward (or the 404 of a path that does not exist for anyone who is not finance). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the reward's status does not allow it. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsRewardSend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    current_password: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Sent, and written to the audit log. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            /** @description `current_password_invalid` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["TwoFactorRequired"];
            /** @description `not_found`: no such reward (or the 404 of a path that does not exist for anyone who is not finance). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the reward is not earned, or no card was chosen. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
    opsSupportList: {
        parameters: {
            query?: {
                /** @description 1: only those assigned to the operator asking. */
                mine?: "1";
                status?: "open" | "closed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        conversations: components["schemas"]["Conversation"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            404: components["responses"]["NoSuchRoute"];
        };
    };
    opsSupportThread: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationThread"];
                };
            };
            403: components["responses"]["TwoFactorRequired"];
            /** @description `not_found`: no such conversation (or the 404 of a path that does not exist for anyone who is not an operator). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsSupportAssign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    assignee: string;
                };
            };
        };
        responses: {
            /** @description Assigned, and written to the audit log. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `not_found`: no such conversation, or (field `assignee`) no operator has this address. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsSupportReply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description Queued, and written to the audit log. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `not_found`: no such conversation (or the 404 of a path that does not exist). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    opsSupportStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "open" | "closed";
                };
            };
        };
        responses: {
            /** @description Done, and written to the audit log. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["TwoFactorRequired"];
            /** @description `not_found`: no such conversation (or the 404 of a path that does not exist). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: it is already in that status. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    partnerTerms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the session stands. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerTerms"];
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    startPartnerTerms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PartnerTermsRequest"];
            };
        };
        responses: {
            /** @description The page to open. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerTerms"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["PartnerUnavailable"];
        };
    };
    recordPaymentAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsentRequest"];
            };
        };
        responses: {
            /** @description Recorded. */
            201: {
                headers: {
                    "Set-Cookie": components["headers"]["SetSession"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Consent"];
                };
            };
            /** @description `Authorization Required – Please agree to the authorization to proceed with the payment.`, or a malformed body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["CrossOrigin"];
            413: components["responses"]["TooLarge"];
            500: components["responses"]["Internal"];
        };
    };
    paymentEmails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every payment e-mail, the stages first, then the endings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        emails: components["schemas"]["PaymentEmail"][];
                    };
                };
            };
        };
    };
    paymentEvents: {
        parameters: {
            query?: never;
            header?: {
                "Last-Event-ID"?: string;
            };
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            404: components["responses"]["TransactionNotFound"];
            500: components["responses"]["Internal"];
        };
    };
    paymentReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipt. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description `Transaction not found. Please check the transaction ID.` or the payment has not completed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    getRates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The corridors' rates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rates"];
                };
            };
            500: components["responses"]["Internal"];
            502: components["responses"]["PartnerUnavailable"];
        };
    };
    rememberReferralArrival: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReferralArrival"];
            };
        };
        responses: {
            /** @description Remembered (or ignored). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    createReferrals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReferralRequest"];
            };
        };
        responses: {
            /** @description How many new friends were stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Referred"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description `email_not_verified` (confirm the address first), or a cross-origin request. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: components["responses"]["CustomerNotFound"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            410: components["responses"]["LinkInvalid"];
            500: components["responses"]["Internal"];
        };
    };
    sandboxMailbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: components["schemas"]["MailboxEntry"][];
                    };
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    sandboxMailboxMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailboxEntry"];
                };
            };
            404: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
        };
    };
    sandboxMailboxAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                n: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            404: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
        };
    };
    sandboxMailboxReply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description Added to the conversation. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["BadRequest"];
            /** @description `conflict`: the message is not a support answer, or the reply is empty. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    scholarshipOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalog's size and freshness. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScholarshipOverview"];
                };
            };
        };
    };
    confirmScholarshipAlert: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Confirmed (or already). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        status: "pending" | "active" | "unsubscribed";
                    };
                };
            };
            403: components["responses"]["CrossOrigin"];
            410: components["responses"]["LinkInvalid"];
            500: components["responses"]["Internal"];
        };
    };
    unsubscribeScholarshipAlert: {
        parameters: {
            query: {
                id: string;
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unsubscribed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "unsubscribed";
                    };
                };
            };
            410: components["responses"]["LinkInvalid"];
            500: components["responses"]["Internal"];
        };
    };
    getEligibility: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The form. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EligibilityForm"];
                };
            };
        };
    };
    saveEligibility: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EligibilityForm"];
            };
        };
        responses: {
            /** @description Saved; the form as stored. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetSession"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EligibilityForm"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            413: components["responses"]["TooLarge"];
            500: components["responses"]["Internal"];
        };
    };
    listFilterSets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FilterSetList"];
                };
            };
        };
    };
    createFilterSet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FilterSetRequest"];
            };
        };
        responses: {
            /** @description Saved. */
            201: {
                headers: {
                    "Set-Cookie": components["headers"]["SetSession"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FilterSet"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            /** @description `You can keep up to 20 filter sets; delete one first` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            500: components["responses"]["Internal"];
        };
    };
    deleteFilterSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            403: components["responses"]["CrossOrigin"];
            /** @description `No such filter set` (also another session's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getQuickMatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuickMatch"];
                };
            };
        };
    };
    saveQuickMatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuickMatch"];
            };
        };
        responses: {
            /** @description Saved; the profile as stored. */
            200: {
                headers: {
                    "Set-Cookie": components["headers"]["SetSession"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuickMatch"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            413: components["responses"]["TooLarge"];
            500: components["responses"]["Internal"];
        };
    };
    scholarshipProgram: {
        parameters: {
            query?: {
                lang?: "en" | "pt-BR" | "es-MX";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The program. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScholarshipProgram"];
                };
            };
            /** @description `No scholarship program with that id` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchScholarships: {
        parameters: {
            query?: {
                /** @description US dollars */
                amount_max?: number;
                /** @description US dollars */
                amount_min?: number;
                award?: "merit" | "need" | "athletic" | "creative" | "community_service";
                category?: "first_generation" | "underrepresented" | "women_in_stem" | "military" | "disability" | "lgbtq";
                /** @description 2w, 1m, 3m, 6m, or year (until 31 July) */
                deadline?: "2w" | "1m" | "3m" | "6m" | "year";
                field?: "stem" | "engineering" | "computer_science" | "business" | "medicine_health" | "arts_humanities" | "social_sciences" | "education" | "law";
                /** @description the student's GPA (4.0 scale): programs requiring at most this */
                gpa?: "2.0" | "2.5" | "3.0" | "3.25" | "3.5" | "3.75" | "3.9";
                lang?: "en" | "pt-BR" | "es-MX";
                level?: "high_school" | "undergraduate" | "graduate" | "doctoral" | "vocational";
                mode?: "keyword" | "semantic";
                page?: number;
                partial?: "0" | "1";
                /** @description 0 ignores the saved profile */
                profile?: "0" | "1";
                q?: string;
                renewable?: "yes" | "no";
                residency?: "citizen" | "permanent_resident" | "international" | "state";
                /** @description best (Best Match), deadline, or magic (match × award size × deadline urgency) */
                sort?: "best" | "deadline" | "magic";
                year?: "freshman" | "sophomore" | "junior" | "senior" | "graduate";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of results. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScholarshipSearch"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["Internal"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Credentials"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    signInTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    two_factor_token: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        signed_out: boolean;
                    };
                };
            };
            500: components["responses"]["Internal"];
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignUpRequest"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description `account_exists`: the address has an account; sign in or reset the password. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    subscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscribeRequest"];
            };
        };
        responses: {
            /** @description Subscribed. The answer is the same for an address that was already subscribed, so it reveals nothing. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscribed"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    supportInbound: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    from: string;
                    subject: string;
                    text: string;
                    to: string;
                };
            };
        };
        responses: {
            /** @description `taken` true when the reply joined its conversation; false when it was dropped because it names no conversation of its sender (still 200, so that the provider does not retry). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        taken: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["Internal"];
        };
    };
    supportMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string;
                    message: string;
                    name?: string;
                    subject: string;
                };
            };
        };
        responses: {
            /** @description The conversation is open; its reference appears in the subject of every answer. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    transactionStatus: {
        parameters: {
            query: {
                transaction_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment and its stages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionStatus"];
                };
            };
            /** @description `Please enter a transaction ID` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: components["responses"]["TransactionNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    triggerMockWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TriggerRequest"];
            };
        };
        responses: {
            /** @description The sandbox will deliver the event. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TriggerAccepted"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["CrossOrigin"];
            404: components["responses"]["TransactionNotFound"];
            /** @description `This payment has no pay-in yet.`, `This payment has no payout yet.` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["PartnerUnavailable"];
        };
    };
    twoFactorConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CodeRequest"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recovery_codes: string[];
                        two_factor_enabled: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description `email_not_verified`: confirm the e-mail address first. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["BadRequest"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    twoFactorDisable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 6-digit TOTP code. */
                    code: string;
                    current_password: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        two_factor_enabled: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["BadRequest"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    twoFactorEnrol: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordRequest"];
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        otpauth_uri: string;
                        secret: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description `email_not_verified`: confirm the e-mail address first. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["BadRequest"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email_verified: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            410: components["responses"]["LinkInvalid"];
            500: components["responses"]["Internal"];
        };
    };
    webhookStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: components["parameters"]["TransactionIDPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment's progress. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookStatus"];
                };
            };
            404: components["responses"]["TransactionNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    receivePartnerEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's unique id (at most 200 characters); the deduplication key. */
                "webhook-id": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures. */
                "webhook-signature": string;
                /** @description Unix seconds when the event was signed. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PartnerEvent"];
            };
        };
        responses: {
            /** @description Recorded (or already recorded). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReceived"];
                };
            };
            /** @description `webhook body is not a JSON event`, `webhook-id is too long` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid webhook signature` (missing, wrong or stale) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            500: components["responses"]["Internal"];
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        status: "ok";
                    };
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        database: "sqlite" | "postgres";
                        /** @enum {unknown} */
                        status: "ready";
                    };
                };
            };
            /** @description `database unreachable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}

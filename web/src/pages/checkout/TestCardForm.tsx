import { useId, useState } from "react";
import type { ConfirmOutcome } from "../../card/confirmOutcome.ts";
import { confirmWithStandIn, type StandInPayment } from "../../card/confirmWithStandIn.ts";
import { checkCardFields, formatCardNumber, formatExpiry, TEST_CARDS, type CardFieldErrors, type CardFields } from "../../card/testCardForm.ts";
import { ui } from "../../components/ui.ts";
import { PayFooter } from "./PayFooter.tsx";
import { usePayment } from "./usePayment.ts";

function Field({ id, label, error, ...input }: { id: string; label: string; error: string | undefined } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`${ui.field} ${error ? "border-red-600 dark:border-red-400" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The card form when the API uses the local Stripe stand-in: card number, expiry and CVC,
 * confirmed at the stand-in as Stripe.js confirms at Stripe. Only test cards work there.
 */
export function TestCardForm({ payment, amount, onOutcome }: { payment: StandInPayment; amount: number; onOutcome(outcome: ConfirmOutcome): void }) {
  const id = useId();
  const [fields, setFields] = useState<CardFields>({ number: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<CardFieldErrors>({});
  const { paying, problem, setProblem, pay } = usePayment(onOutcome);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const check = checkCardFields(fields);
    setErrors(check.ok ? {} : check.errors);
    setProblem(null);
    if (check.ok) void pay(() => confirmWithStandIn(payment, check.card));
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Pay by card
      </h2>
      <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
        <p className="font-semibold">Test mode: no real card is charged.</p>
        <p>Use one of these test cards with any future expiry date and any 3-digit CVC:</p>
        <ul className="mt-1 flex flex-col gap-0.5">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className="font-mono">{card.number}</span>: {card.outcome}
            </li>
          ))}
        </ul>
      </div>
      <Field
        id={`${id}-number`}
        label="Card number"
        error={errors.number}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={fields.number}
        onChange={(event) => setFields({ ...fields, number: formatCardNumber(event.target.value) })}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          id={`${id}-expiry`}
          label="Expiry (MM / YY)"
          error={errors.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={fields.expiry}
          onChange={(event) => setFields({ ...fields, expiry: formatExpiry(event.target.value) })}
        />
        <Field
          id={`${id}-cvc`}
          label="CVC"
          error={errors.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={fields.cvc}
          onChange={(event) => setFields({ ...fields, cvc: event.target.value.replace(/\D/g, "") })}
        />
      </div>
      <PayFooter amount={amount} paying={paying} problem={problem} />
    </form>
  );
}

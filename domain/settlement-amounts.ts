/** The network's commission on a host's booking revenue, in percent (the rate the demo settlements use). */
export const SETTLEMENT_COMMISSION_PERCENT = 15;
/** GST charged on the commission, in percent. */
export const SETTLEMENT_GST_PERCENT = 18;

/** A settlement's money, all integer paise: gross booking revenue, commission, GST on it, and what the host is paid. */
export interface SettlementAmounts {
  grossAmount: number;
  commission: number;
  gst: number;
  netPayable: number;
}

/** The settlement amounts of one booking's amount (paise): commission and GST rounded to the paisa, net the rest. */
export function settlementAmountsOf(grossPaise: number): SettlementAmounts {
  const commission = Math.round((grossPaise * SETTLEMENT_COMMISSION_PERCENT) / 100);
  const gst = Math.round((commission * SETTLEMENT_GST_PERCENT) / 100);
  return { grossAmount: grossPaise, commission, gst, netPayable: grossPaise - commission - gst };
}

/** The sum of several bookings' settlement amounts (each booking rounded on its own, so totals equal the rows' sum). */
export function sumSettlementAmounts(amounts: readonly SettlementAmounts[]): SettlementAmounts {
  return amounts.reduce(
    (sum, a) => ({ grossAmount: sum.grossAmount + a.grossAmount, commission: sum.commission + a.commission, gst: sum.gst + a.gst, netPayable: sum.netPayable + a.netPayable }),
    { grossAmount: 0, commission: 0, gst: 0, netPayable: 0 },
  );
}

declare namespace App {
  interface Locals {
    /** Set by the contact endpoint when a plain form post fails, for the page that explains why. */
    contactProblem?: { message?: string; errors?: Partial<Record<string, string>> };
  }
}

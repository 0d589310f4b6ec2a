/** Names of the seeded roles. */
export type DemoRoleName = 'Super Admin' | 'Operations' | 'Field Technician' | 'Finance' | 'Customer Support' | 'Read Only';

/** A seeded staff user who can sign in (role null: active staff with no role, to show the no-permission menu). */
export interface DemoStaff {
  role: DemoRoleName | null;
  name: string;
  mobileNumber: string;
  designation: string;
}

/** The demo staff users, one per role plus one without a role; docs and tests rely on these numbers. */
export const demoStaff: readonly DemoStaff[] = [
  { role: 'Super Admin', name: 'Aarav Sharma', mobileNumber: '9000000001', designation: 'Head of Operations Technology' },
  { role: 'Operations', name: 'Priya Nair', mobileNumber: '9000000002', designation: 'Operations Manager' },
  { role: 'Field Technician', name: 'Rohan Verma', mobileNumber: '9000000003', designation: 'Field Technician' },
  { role: 'Finance', name: 'Ananya Iyer', mobileNumber: '9000000004', designation: 'Finance Executive' },
  { role: 'Customer Support', name: 'Vikram Singh', mobileNumber: '9000000005', designation: 'Customer Support Lead' },
  { role: 'Read Only', name: 'Meera Joshi', mobileNumber: '9000000006', designation: 'Network Analyst' },
  { role: null, name: 'Kabir Mehta', mobileNumber: '9000000007', designation: 'New Joiner' },
];

/** A seeded staff user whose staff record is inactive: cannot sign in. */
export const inactiveDemoStaff: DemoStaff = {
  role: 'Operations',
  name: 'Sanjay Gupta',
  mobileNumber: '9000000008',
  designation: 'Former Operations Executive',
};

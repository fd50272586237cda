// the contact file is built by the same module on the server (the card's Save Contact link) and here
export * from '@cardcraft/contracts/vcard';

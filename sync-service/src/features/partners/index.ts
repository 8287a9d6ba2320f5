export { registerPartnersRoutes } from './partners.routes';
export { createPartnersService, embedTokenModel, partnerModel } from './partners.service';
